import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alphaorbEndpoints } from '@th/contracts/alphaorb';
import { api } from '@/lib/api-client';
import { botMonitorQueryOptions } from './get-bot-monitor';

export const pauseBot = (id: string) => api.call(alphaorbEndpoints.pauseBot, { params: { id } });

/** The answer is a fresh monitor payload: it replaces the shown one (§4.2). */
export function usePauseBot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => pauseBot(id),
    onSuccess: (monitor) => queryClient.setQueryData(botMonitorQueryOptions(id).queryKey, monitor),
  });
}
