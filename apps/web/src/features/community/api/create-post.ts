import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints, type CommunityPostRequest } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { thumbnailOf } from '@/lib/thumbnail';
import { communityKeys } from './keys';

/** An image the member attached in the composer, with the label they gave it. */
export type AttachedImage = { file: File; alt: string };

/**
 * A post or reply; with images it goes as one multipart request (each image with the small copy
 * the browser made of it, if it could), so the post and its images are saved together.
 */
export async function createPost({ channelSlug, body, images = [] }: { channelSlug: string; body: CommunityPostRequest; images?: AttachedImage[] }) {
  if (images.length === 0) return api.call(communityEndpoints.createPost, { params: { channelSlug }, body });
  const form = new FormData();
  form.append('body_html', body.body_html);
  if (body.parent_id) form.append('parent_id', String(body.parent_id));
  for (const [index, image] of images.entries()) {
    const n = index + 1;
    form.append(`image_${n}`, image.file);
    const thumbnail = await thumbnailOf(image.file);
    if (thumbnail) form.append(`thumbnail_${n}`, thumbnail, 'thumbnail.webp');
    if (image.alt.trim()) form.append(`alt_${n}`, image.alt.trim());
  }
  return api.call(communityEndpoints.createImagePost, { params: { channelSlug }, body: form });
}

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
