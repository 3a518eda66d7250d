import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tradeChartEndpoints, type TradeChartTimeframe } from '@th/contracts/trade-chart';
import { api } from '@/lib/api-client';
import { tradeDataKeys } from '@/lib/trade-data';

export const getTradeChart = (tradeId: string, timeframe: TradeChartTimeframe, signal?: AbortSignal) =>
  api.call(tradeChartEndpoints.getTradeChart, { params: { tradeId }, query: { timeframe }, signal });

/** Under the trade data root: a trade's edit or deletion refreshes its chart too. */
export const tradeChartQueryOptions = (tradeId: string, timeframe: TradeChartTimeframe) =>
  queryOptions({
    queryKey: tradeDataKeys.tradeChart(tradeId, timeframe),
    queryFn: ({ signal }) => getTradeChart(tradeId, timeframe, signal),
    staleTime: 5 * 60_000,
  });

/** The chart at another timeframe keeps the one shown until it arrives, so the panel does not jump. */
export const useTradeChart = (tradeId: string, timeframe: TradeChartTimeframe) =>
  useQuery({ ...tradeChartQueryOptions(tradeId, timeframe), placeholderData: keepPreviousData });
