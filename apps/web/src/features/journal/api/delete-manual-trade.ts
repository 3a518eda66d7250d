import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { daySummariesKeys } from './get-day-summaries';
import { journalDayKeys } from './get-journal-day';
import { orderHistoryKeys } from './get-order-history';

export const deleteManualTrade = (manualTradeId: number) =>
  api.delete<{ message: string }>(`/api/trades/manual/${manualTradeId}`);

export const useDeleteManualTrade = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteManualTrade,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderHistoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: daySummariesKeys.all }),
        queryClient.invalidateQueries({ queryKey: journalDayKeys.all }),
      ]);
    },
  });
};
