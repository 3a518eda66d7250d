import { useMutation } from '@tanstack/react-query';
import { uploadEndpoints } from '@th/contracts/staff-content';
import { api } from '@/lib/api-client';

/** One image to `/api/staff/uploads`; answers the address to store (e.g. /uploads/…png). */
export const uploadImage = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api.call(uploadEndpoints.uploadImage, { body: form });
};

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
