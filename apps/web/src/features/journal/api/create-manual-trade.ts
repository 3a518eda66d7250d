import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManualTradeRequest, TradeResponse } from '@th/contracts/trades';
import { api } from '@/lib/api-client';
import { daySummariesKeys } from './get-day-summaries';
import { orderHistoryKeys } from './get-order-history';

export const createManualTrade = (body: ManualTradeRequest) => api.post<TradeResponse>('/api/trades/manual', body);

export const useCreateManualTrade = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualTrade,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderHistoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: daySummariesKeys.all }),
      ]);
    },
  });
};
