import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TradeImportRequest } from '@th/contracts';
import { reportEndpoints } from '@th/contracts/reports';
import { api } from '@/lib/api-client';
import { invalidateTradeData } from '@/lib/trade-data';

export const importTrades = (request: TradeImportRequest) =>
  api.call(reportEndpoints.importTrades, { body: request });

/** New trades change TradeDesk, the trade log, every report and perhaps the account filter. */
export const useImportTrades = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: importTrades, onSuccess: () => invalidateTradeData(client) });
};
