import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BotInput } from '@th/contracts';
import { alphaorbEndpoints } from '@th/contracts/alphaorb';
import { api } from '@/lib/api-client';

export const createBot = (body: BotInput) => api.call(alphaorbEndpoints.createBot, { body });

export function useCreateBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['alphaorb', 'overview'] }),
  });
}
