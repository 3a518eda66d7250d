import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints, type Reaction } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const toggleReaction = ({ postId, reaction }: { postId: number; reaction: Reaction }) =>
  api.call(communityEndpoints.toggleReaction, { params: { postId }, body: { reaction } });

export function useToggleReaction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: toggleReaction, onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.all }) });
}
