import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOrderHistory, tradeDataKeys, type OrderHistoryParams } from '@/lib/trade-data';

const FIRST_TRADE: OrderHistoryParams = { per_page: 1, page: 1 };

/** The account filter's choices, as the trade log lists them (order-history meta). */
export const tradeAccountsQueryOptions = () =>
  queryOptions({
    queryKey: tradeDataKeys.orderHistory(FIRST_TRADE),
    queryFn: ({ signal }) => getOrderHistory(FIRST_TRADE, signal),
    select: (body) => body.meta.accounts,
    staleTime: 60_000,
  });

export const useTradeAccounts = () => useQuery(tradeAccountsQueryOptions());
