import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SyncResponse } from '@th/contracts/broker';
import { api } from '@/lib/api-client';
import { daySummariesKeys } from './get-day-summaries';
import { orderHistoryKeys } from './get-order-history';

export const syncTradingAccounts = () =>
  api.post<SyncResponse>('/api/trading-accounts/sync', {}, { respect_cooldown: 1 });

export const useSyncTradingAccounts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncTradingAccounts,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderHistoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: daySummariesKeys.all }),
      ]);
    },
  });
};
