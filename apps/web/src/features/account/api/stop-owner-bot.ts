import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MonitorResponse } from '@th/contracts';
import { api } from '@/lib/api-client';
import { ownerBotsQueryOptions } from './get-owner-bots';

export type StopAction = 'pause' | 'hard-stop';

/** POST /api/alphaorb/bots/{id}/pause or /hard-stop, which stay open to the bot's owner. */
export const stopOwnerBot = ({ id, action }: { id: string; action: StopAction }) =>
  api.post<MonitorResponse>(`/api/alphaorb/bots/${encodeURIComponent(id)}/${action}`);

export function useStopOwnerBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopOwnerBot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerBotsQueryOptions().queryKey }),
  });
}
