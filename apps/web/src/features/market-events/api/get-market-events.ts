import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketEvent } from '@th/contracts';
import { marketEventEndpoints } from '@th/contracts/market-events';
import { api } from '@/lib/api-client';

type Answer =
  | MarketEvent[]
  | { data: MarketEvent[] | Record<string, MarketEvent> }
  | Record<string, MarketEvent>;

/** The answer may be a list under `data`, an object of events under `data`, or a bare list. */
function eventsOf(body: Answer): MarketEvent[] {
  if (Array.isArray(body)) return body;
  const data = 'data' in body ? body.data : body;
  return Array.isArray(data) ? data : Object.values(data as Record<string, MarketEvent>);
}

export async function getMarketEvents(signal?: AbortSignal): Promise<MarketEvent[]> {
  return eventsOf(
    await api.call(marketEventEndpoints.getMarketEvents, { query: { scope: 'all' }, signal }),
  );
}

export const marketEventsQueryOptions = () =>
  queryOptions({
    queryKey: ['market-events', 'all'] as const,
    queryFn: ({ signal }) => getMarketEvents(signal),
    staleTime: 5 * 60_000,
  });

export const useMarketEvents = () => useQuery(marketEventsQueryOptions());
