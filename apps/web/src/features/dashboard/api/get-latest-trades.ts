import { queryOptions, useQuery } from '@tanstack/react-query';
import { latestTrades } from '@th/domain';
import { getOrderHistory, tradeDataKeys, type OrderHistoryParams } from '@/lib/trade-data';

const NEWEST: OrderHistoryParams = { per_page: 20, page: 1 };

/**
 * The newest trades by exit, else entry (as TradeDesk's Latest trades): the order history is
 * sorted by entry, so a few more are read and re-sorted.
 */
export const dashboardLatestTradesQueryOptions = () =>
  queryOptions({
    queryKey: tradeDataKeys.orderHistory(NEWEST),
    queryFn: ({ signal }) => getOrderHistory(NEWEST, signal),
    select: (body) => latestTrades(body.data, 5),
    staleTime: 60_000,
  });

export const useDashboardLatestTrades = () => useQuery(dashboardLatestTradesQueryOptions());
