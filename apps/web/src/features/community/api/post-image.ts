import { communityEndpoints, type PostImage } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { useImageUrl } from '@/lib/image-url';

/** A post's image as an address an <img> can show (see useImageUrl). */
export const usePostImageUrl = (image: PostImage, size: 'full' | 'thumbnail') =>
  useImageUrl(['community-image', image.id, size], (signal) =>
    api.download(communityEndpoints.getPostImage, { params: { imageId: image.id }, query: { size }, signal }),
  );
