import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderHistoryResponse } from '@th/contracts/trades';
import { api } from '@/lib/api-client';

/** Any of the three §7.2 query shapes (trade log, daily log, TradeDesk). */
export type OrderHistoryParams = {
  page?: number;
  per_page?: number;
  limit?: number;
  account_id?: string;
  instrument?: string;
  type?: string;
  side?: string;
  entry_from?: string;
  entry_to?: string;
  from?: string;
  to?: string;
};

export const getOrderHistory = (params: OrderHistoryParams, signal?: AbortSignal) =>
  api.get<OrderHistoryResponse>('/api/trades/order-history', params, signal);

export const orderHistoryKeys = {
  all: ['order-history'] as const,
  list: (params: OrderHistoryParams) => ['order-history', params] as const,
};

export const orderHistoryQueryOptions = (params: OrderHistoryParams) =>
  queryOptions({
    queryKey: orderHistoryKeys.list(params),
    queryFn: ({ signal }) => getOrderHistory(params, signal),
    placeholderData: keepPreviousData,
  });

export const useOrderHistory = (params: OrderHistoryParams, enabled = true) =>
  useQuery({ ...orderHistoryQueryOptions(params), enabled });
