import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const editPost = ({ postId, bodyHtml }: { postId: number; bodyHtml: string }) =>
  api.call(communityEndpoints.editPost, { params: { postId }, body: { body_html: bodyHtml } });

export function useEditPost() {
  const client = useQueryClient();
  return useMutation({ mutationFn: editPost, onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.all }) });
}
