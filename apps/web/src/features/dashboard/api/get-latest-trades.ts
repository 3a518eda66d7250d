import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderHistoryResponse, Trade } from '@th/contracts';
import { latestTrades } from '@th/domain';
import { api } from '@/lib/api-client';

/**
 * The newest trades by exit, else entry (as TradeDesk's Latest trades): the order history is
 * sorted by entry, so a few more are read and re-sorted.
 */
export async function getLatestTrades(signal?: AbortSignal): Promise<Trade[]> {
  const body = await api.get<OrderHistoryResponse>('/api/trades/order-history', { per_page: 20, page: 1 }, signal);
  return latestTrades(body.data, 5);
}

export const dashboardLatestTradesQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'latest-trades'] as const, queryFn: ({ signal }) => getLatestTrades(signal), staleTime: 60_000 });

export const useDashboardLatestTrades = () => useQuery(dashboardLatestTradesQueryOptions());
