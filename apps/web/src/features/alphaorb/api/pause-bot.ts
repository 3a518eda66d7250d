import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MonitorResponse } from '@th/contracts';
import { api } from '@/lib/api-client';
import { botMonitorQueryOptions } from './get-bot-monitor';

export const pauseBot = (id: string) =>
  api.post<MonitorResponse>(`/api/alphaorb/bots/${encodeURIComponent(id)}/pause`);

/** The answer is a fresh monitor payload: it replaces the shown one (§4.2). */
export function usePauseBot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => pauseBot(id),
    onSuccess: (monitor) => queryClient.setQueryData(botMonitorQueryOptions(id).queryKey, monitor),
  });
}
