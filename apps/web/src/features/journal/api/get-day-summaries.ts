import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthFailureRule } from '@/lib/api-client';
import { getDaySummaries, tradeDataKeys, type DaySummariesParams } from '@/lib/trade-data';

export type { DaySummariesParams } from '@/lib/trade-data';

/** Per-day totals over every trade, so the calendar is right beyond one page of trades. */
export const daySummariesQueryOptions = (params: DaySummariesParams, authFailure?: AuthFailureRule) =>
  queryOptions({
    queryKey: tradeDataKeys.daySummaries(params),
    queryFn: ({ signal }) => getDaySummaries(params, signal, authFailure),
    placeholderData: keepPreviousData,
  });

export const useDaySummaries = (params: DaySummariesParams) => useQuery(daySummariesQueryOptions(params));
