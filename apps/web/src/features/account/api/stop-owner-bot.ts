import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alphaorbEndpoints } from '@th/contracts/alphaorb';
import { api } from '@/lib/api-client';
import { ownerBotsQueryOptions } from './get-owner-bots';

/** Pause or hard stop, the two controls that stay open to the bot's owner. */
const STOPS = { pause: alphaorbEndpoints.pauseBot, 'hard-stop': alphaorbEndpoints.hardStopBot };
export type StopAction = keyof typeof STOPS;

export const stopOwnerBot = ({ id, action }: { id: string; action: StopAction }) =>
  api.call(STOPS[action], { params: { id } });

export function useStopOwnerBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopOwnerBot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerBotsQueryOptions().queryKey }),
  });
}
