import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateTradeData } from '@/lib/trade-data';

/** `signInOnFailure`: from the daily log, whose auth failures sign the member out (tools §6). */
export const deleteManualTrade = (manualTradeId: number, signInOnFailure = false) =>
  apiRequest<{ message: string }>(`/api/trades/manual/${manualTradeId}`, {
    method: 'DELETE',
    ...(signInOnFailure ? { authFailure: 'sign-in' as const } : {}),
  });

export const useDeleteManualTrade = ({ signInOnFailure = false } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (manualTradeId: number) => deleteManualTrade(manualTradeId, signInOnFailure),
    onSuccess: () => invalidateTradeData(queryClient),
  });
};
