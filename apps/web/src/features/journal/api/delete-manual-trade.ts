import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateTradeData } from '@/lib/trade-data';

export const deleteManualTrade = (manualTradeId: number) =>
  api.delete<{ message: string }>(`/api/trades/manual/${manualTradeId}`);

export const useDeleteManualTrade = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteManualTrade,
    onSuccess: () => invalidateTradeData(queryClient),
  });
};
