import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BotInput, BotSaved } from '@th/contracts';
import { api } from '@/lib/api-client';
import { botQueryOptions } from './get-bot';

export const updateBot = (id: string, body: BotInput) => api.put<BotSaved>(`/api/alphaorb/bots/${encodeURIComponent(id)}`, body);

export function useUpdateBot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BotInput) => updateBot(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botQueryOptions(id).queryKey }),
  });
}
