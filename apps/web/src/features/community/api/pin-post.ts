import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const pinPost = ({ postId, pinned }: { postId: number; pinned: boolean }) => api.call(communityEndpoints.pinPost, { params: { postId }, body: { pinned } });

export function usePinPost() {
  const client = useQueryClient();
  return useMutation({ mutationFn: pinPost, onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.all }) });
}
