import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getOrderHistory, tradeDataKeys, type OrderHistoryParams } from '@/lib/trade-data';

export type { OrderHistoryParams } from '@/lib/trade-data';

export const orderHistoryQueryOptions = (params: OrderHistoryParams) =>
  queryOptions({
    queryKey: tradeDataKeys.orderHistory(params),
    queryFn: ({ signal }) => getOrderHistory(params, signal),
    placeholderData: keepPreviousData,
  });

export const useOrderHistory = (params: OrderHistoryParams, enabled = true) =>
  useQuery({ ...orderHistoryQueryOptions(params), enabled });
