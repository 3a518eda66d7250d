import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketEvent } from '@th/contracts';
import { marketEventEndpoints } from '@th/contracts/market-events';
import { api } from '@/lib/api-client';

/** This week's high-impact events. */
export async function getHighImpactEvents(signal?: AbortSignal): Promise<MarketEvent[]> {
  const body = await api.call(marketEventEndpoints.getMarketEvents, {
    query: { scope: 'high' },
    signal,
  });
  return Array.isArray(body) ? body : body.data;
}

export const dashboardEventsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'events', 'high'] as const,
    queryFn: ({ signal }) => getHighImpactEvents(signal),
    staleTime: 5 * 60_000,
  });

export const useDashboardEvents = () => useQuery(dashboardEventsQueryOptions());
