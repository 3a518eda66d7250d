import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DaySummary } from '@th/contracts';
import { api } from '@/lib/api-client';

/** Net and trade count per Toronto trade date, as TradeDesk's calendar reads them. */
export async function getDaySummaries(from: string, to: string, signal?: AbortSignal): Promise<DaySummary[]> {
  const body = await api.get<{ data: DaySummary[] }>('/api/trades/day-summaries', { from, to }, signal);
  return body.data;
}

export const dashboardDaySummariesQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: ['dashboard', 'day-summaries', from, to] as const,
    queryFn: ({ signal }) => getDaySummaries(from, to, signal),
    staleTime: 60_000,
  });

export const useDashboardDaySummaries = (from: string, to: string) => useQuery(dashboardDaySummariesQueryOptions(from, to));
