import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BotInput, BotSaved } from '@th/contracts';
import { api } from '@/lib/api-client';

export const createBot = (body: BotInput) => api.post<BotSaved>('/api/alphaorb/bots', body);

export function useCreateBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['alphaorb', 'overview'] }),
  });
}
