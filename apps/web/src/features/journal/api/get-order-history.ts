import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthFailureRule } from '@/lib/api-client';
import { getOrderHistory, tradeDataKeys, type OrderHistoryParams } from '@/lib/trade-data';

export type { OrderHistoryParams } from '@/lib/trade-data';

export const orderHistoryQueryOptions = (params: OrderHistoryParams, authFailure?: AuthFailureRule) =>
  queryOptions({
    queryKey: tradeDataKeys.orderHistory(params),
    queryFn: ({ signal }) => getOrderHistory(params, signal, authFailure),
    placeholderData: keepPreviousData,
  });

export const useOrderHistory = (params: OrderHistoryParams, enabled = true) =>
  useQuery({ ...orderHistoryQueryOptions(params), enabled });

/** The daily log's trades: an auth failure signs the member out to sign-in (tools §6). */
export const useDailyLogTrades = (params: OrderHistoryParams) => useQuery(orderHistoryQueryOptions(params, 'sign-in'));
