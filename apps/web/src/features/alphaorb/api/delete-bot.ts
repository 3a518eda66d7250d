import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const deleteBot = (id: string) => api.delete<{ message?: string } | null>(`/api/alphaorb/bots/${encodeURIComponent(id)}`);

export function useDeleteBot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteBot(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['alphaorb'] }),
  });
}
