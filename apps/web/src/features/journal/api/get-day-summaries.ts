import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DaySummariesResponse } from '@th/contracts/trades';
import { api } from '@/lib/api-client';

export type DaySummariesParams = { from: string; to: string; account_id?: string };

export const getDaySummaries = (params: DaySummariesParams, signal?: AbortSignal) =>
  api.get<DaySummariesResponse>('/api/trades/day-summaries', params, signal);

export const daySummariesKeys = {
  all: ['day-summaries'] as const,
  range: (params: DaySummariesParams) => ['day-summaries', params] as const,
};

/** Per-day totals over every trade, so the calendar is right beyond one page of trades. */
export const daySummariesQueryOptions = (params: DaySummariesParams) =>
  queryOptions({
    queryKey: daySummariesKeys.range(params),
    queryFn: ({ signal }) => getDaySummaries(params, signal),
    placeholderData: keepPreviousData,
  });

export const useDaySummaries = (params: DaySummariesParams) => useQuery(daySummariesQueryOptions(params));
