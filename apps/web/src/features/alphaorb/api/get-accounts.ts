import { queryOptions, useQuery } from '@tanstack/react-query';
import { alphaorbEndpoints } from '@th/contracts/alphaorb';
import { api } from '@/lib/api-client';

export const getAccounts = (signal?: AbortSignal) =>
  api.call(alphaorbEndpoints.getAccounts, { query: { include: 'instruments' }, signal });

export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: ['alphaorb', 'accounts'] as const,
    queryFn: ({ signal }) => getAccounts(signal),
    retry: false,
  });

export const useAccounts = () => useQuery(accountsQueryOptions());
