import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TradeImportRequest, TradeImportResult } from '@th/contracts';
import { api } from '@/lib/api-client';
import { performanceReportQueryOptions } from './get-performance-report';
import { tradeAccountsQueryOptions } from './get-trade-accounts';

export const importTrades = (request: TradeImportRequest) => api.post<TradeImportResult>('/api/trades/import', request);

/** New trades change every report and may add an account label to the filter. */
export const useImportTrades = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importTrades,
    onSuccess: async () => {
      const reportKey = performanceReportQueryOptions({ from: null, to: null, accountId: '' }).queryKey.slice(0, 2);
      await Promise.all([
        client.invalidateQueries({ queryKey: reportKey }),
        client.invalidateQueries({ queryKey: tradeAccountsQueryOptions().queryKey }),
      ]);
    },
  });
};
