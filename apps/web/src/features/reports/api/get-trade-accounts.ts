import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderHistoryResponse, TradeAccountOption } from '@th/contracts';
import { api } from '@/lib/api-client';

/** The account filter's choices, as the trade log lists them (order-history meta). */
export async function getTradeAccounts(signal?: AbortSignal): Promise<TradeAccountOption[]> {
  const body = await api.get<OrderHistoryResponse>('/api/trades/order-history', { per_page: 1, page: 1 }, signal);
  return body.meta.accounts;
}

export const tradeAccountsQueryOptions = () =>
  queryOptions({
    queryKey: ['reports', 'accounts'] as const,
    queryFn: ({ signal }) => getTradeAccounts(signal),
    staleTime: 60_000,
  });

export const useTradeAccounts = () => useQuery(tradeAccountsQueryOptions());
