import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alphaorbEndpoints } from '@th/contracts/alphaorb';
import { api } from '@/lib/api-client';
import { botMonitorQueryOptions } from './get-bot-monitor';

export const hardStopBot = (id: string, runId?: string) =>
  api.call(alphaorbEndpoints.hardStopBot, { params: { id }, body: runId ? { run_id: runId } : {} });

/** The answer is a fresh monitor payload: it replaces the shown one (§4.2). */
export function useHardStopBot(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId?: string) => hardStopBot(id, runId),
    onSuccess: (monitor) => queryClient.setQueryData(botMonitorQueryOptions(id).queryKey, monitor),
  });
}
