import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const deletePost = (postId: number) => api.call(communityEndpoints.deletePost, { params: { postId } });

export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deletePost, onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.all }) });
}
