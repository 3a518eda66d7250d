import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BotInput } from '@th/contracts';
import { alphaorbEndpoints } from '@th/contracts/alphaorb';
import { api } from '@/lib/api-client';
import { botQueryOptions } from './get-bot';

export const updateBot = (id: string, body: BotInput) =>
  api.call(alphaorbEndpoints.updateBot, { params: { id }, body });

export function useUpdateBot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BotInput) => updateBot(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: botQueryOptions(id).queryKey }),
  });
}
