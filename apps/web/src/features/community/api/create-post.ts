import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints, type CommunityPostRequest } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const createPost = ({ channelSlug, body }: { channelSlug: string; body: CommunityPostRequest }) =>
  api.call(communityEndpoints.createPost, { params: { channelSlug }, body });

export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (answer, { channelSlug }) => {
      const parent = answer.data.parent_id;
      if (parent !== null) void client.invalidateQueries({ queryKey: communityKeys.replies(parent) });
      void client.invalidateQueries({ queryKey: communityKeys.pages(channelSlug) });
    },
  });
}
