import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BotAccount } from '@th/contracts';
import { api } from '@/lib/api-client';

export const getAccounts = (signal?: AbortSignal) =>
  api.get<{ accounts: BotAccount[] }>('/api/alphaorb/accounts', { include: 'instruments' }, signal);

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: ['alphaorb', 'accounts'] as const, queryFn: ({ signal }) => getAccounts(signal), retry: false });

export const useAccounts = () => useQuery(accountsQueryOptions());
