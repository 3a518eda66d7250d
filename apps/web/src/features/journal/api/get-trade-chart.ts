import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { entryEndpoints } from '@th/contracts/client';
import type { TradeChartTimeframe } from '@th/contracts/trade-chart';
import { api, type AuthFailureRule } from '@/lib/api-client';
import { tradeDataKeys } from '@/lib/trade-data';

/** Declared zod-free (`@th/contracts/client`): the daily log's loader starts it, in a chunk without schemas. */
export const getTradeChart = (tradeId: string, timeframe: TradeChartTimeframe, signal?: AbortSignal, authFailure?: AuthFailureRule) =>
  api.call(entryEndpoints.getTradeChart, { params: { tradeId }, query: { timeframe }, signal, ...(authFailure ? { authFailure } : {}) });

/**
 * Under the trade data root: a trade's edit or deletion refreshes its chart too. `authFailure`
 * 'guard' for the loader's call sent before the profile answers (calls-before-profile.ts).
 */
export const tradeChartQueryOptions = (tradeId: string, timeframe: TradeChartTimeframe, authFailure?: AuthFailureRule) =>
  queryOptions({
    queryKey: tradeDataKeys.tradeChart(tradeId, timeframe),
    queryFn: ({ signal }) => getTradeChart(tradeId, timeframe, signal, authFailure),
    staleTime: 5 * 60_000,
  });

/** The chart at another timeframe keeps the one shown until it arrives, so the panel does not jump. */
export const useTradeChart = (tradeId: string, timeframe: TradeChartTimeframe) =>
  useQuery({ ...tradeChartQueryOptions(tradeId, timeframe), placeholderData: keepPreviousData });
