import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alphaorbEndpoints } from '@th/contracts/alphaorb';
import { api } from '@/lib/api-client';

export const deleteBot = (id: string) => api.call(alphaorbEndpoints.deleteBot, { params: { id } });

export function useDeleteBot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteBot(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['alphaorb'] }),
  });
}
