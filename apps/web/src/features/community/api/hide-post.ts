import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const hidePost = ({ postId, hidden }: { postId: number; hidden: boolean }) => api.call(communityEndpoints.hidePost, { params: { postId }, body: { hidden } });

export function useHidePost() {
  const client = useQueryClient();
  return useMutation({ mutationFn: hidePost, onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.all }) });
}
