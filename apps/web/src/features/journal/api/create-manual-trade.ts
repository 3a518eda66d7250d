import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tradeEndpoints, type ManualTradeRequest } from '@th/contracts/trades';
import { api } from '@/lib/api-client';
import { invalidateTradeData } from '@/lib/trade-data';

export const createManualTrade = (body: ManualTradeRequest) => api.call(tradeEndpoints.createManualTrade, { body });

export const useCreateManualTrade = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualTrade,
    onSuccess: () => invalidateTradeData(queryClient),
  });
};
