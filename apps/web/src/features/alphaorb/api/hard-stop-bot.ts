import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MonitorResponse } from '@th/contracts';
import { api } from '@/lib/api-client';
import { botMonitorQueryOptions } from './get-bot-monitor';

export const hardStopBot = (id: string, runId?: string) =>
  api.post<MonitorResponse>(`/api/alphaorb/bots/${encodeURIComponent(id)}/hard-stop`, runId ? { run_id: runId } : {});

/** The answer is a fresh monitor payload: it replaces the shown one (§4.2). */
export function useHardStopBot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId?: string) => hardStopBot(id, runId),
    onSuccess: (monitor) => queryClient.setQueryData(botMonitorQueryOptions(id).queryKey, monitor),
  });
}
