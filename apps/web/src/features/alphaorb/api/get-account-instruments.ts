import { queryOptions, useQuery } from '@tanstack/react-query';
import { alphaorbEndpoints } from '@th/contracts/alphaorb';
import { api } from '@/lib/api-client';

export const getAccountInstruments = (accountId: string, refresh = false, signal?: AbortSignal) =>
  api.call(alphaorbEndpoints.getAccountInstruments, {
    params: { id: accountId },
    query: refresh ? { refresh: '1' } : undefined,
    signal,
  });

/** Cached per account (§4.2): switching back to an account reuses its list. */
export const accountInstrumentsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: ['alphaorb', 'accounts', accountId, 'instruments'] as const,
    queryFn: async ({ signal }) =>
      (await getAccountInstruments(accountId, false, signal))?.instruments ?? [],
    staleTime: Infinity,
    retry: false,
  });

export const useAccountInstruments = (accountId: string) =>
  useQuery({ ...accountInstrumentsQueryOptions(accountId), enabled: accountId !== '' });
