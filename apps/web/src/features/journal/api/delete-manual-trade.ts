import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tradeEndpoints } from '@th/contracts/trades';
import { api } from '@/lib/api-client';
import { invalidateTradeData } from '@/lib/trade-data';

/** `signInOnFailure`: from the daily log, whose auth failures sign the member out (tools §6). */
export const deleteManualTrade = (manualTradeId: number, signInOnFailure = false) =>
  api.call(tradeEndpoints.deleteManualTrade, {
    params: { manualTradeId },
    ...(signInOnFailure ? { authFailure: 'sign-in' as const } : {}),
  });

export const useDeleteManualTrade = ({ signInOnFailure = false } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (manualTradeId: number) => deleteManualTrade(manualTradeId, signInOnFailure),
    onSuccess: () => invalidateTradeData(queryClient),
  });
};
