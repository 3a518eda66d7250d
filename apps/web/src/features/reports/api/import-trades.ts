import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TradeImportRequest, TradeImportResult } from '@th/contracts';
import { api } from '@/lib/api-client';
import { invalidateTradeData } from '@/lib/trade-data';

export const importTrades = (request: TradeImportRequest) => api.post<TradeImportResult>('/api/trades/import', request);

/** New trades change TradeDesk, the trade log, every report and perhaps the account filter. */
export const useImportTrades = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: importTrades, onSuccess: () => invalidateTradeData(client) });
};
