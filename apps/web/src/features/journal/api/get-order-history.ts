import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getOrderHistory, tradeDataKeys, type OrderHistoryParams } from '@/lib/trade-data';

export type { OrderHistoryParams } from '@/lib/trade-data';

export const orderHistoryQueryOptions = (params: OrderHistoryParams, signInOnFailure = false) =>
  queryOptions({
    queryKey: tradeDataKeys.orderHistory(params),
    queryFn: ({ signal }) => getOrderHistory(params, signal, signInOnFailure),
    placeholderData: keepPreviousData,
  });

export const useOrderHistory = (params: OrderHistoryParams, enabled = true) =>
  useQuery({ ...orderHistoryQueryOptions(params), enabled });

/** The daily log's trades: an auth failure signs the member out to sign-in (tools §6). */
export const useDailyLogTrades = (params: OrderHistoryParams) => useQuery(orderHistoryQueryOptions(params, true));
