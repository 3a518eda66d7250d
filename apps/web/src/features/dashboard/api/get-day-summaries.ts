import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDaySummaries, tradeDataKeys } from '@/lib/trade-data';

/** Net and trade count per Toronto trade date: TradeDesk's calendar's own query and cache entry. */
export const dashboardDaySummariesQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: tradeDataKeys.daySummaries({ from, to }),
    queryFn: ({ signal }) => getDaySummaries({ from, to }, signal),
    select: (body) => body.data,
    staleTime: 60_000,
  });

export const useDashboardDaySummaries = (from: string, to: string) => useQuery(dashboardDaySummariesQueryOptions(from, to));
