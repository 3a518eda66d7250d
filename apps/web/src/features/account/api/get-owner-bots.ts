import { queryOptions, useQuery } from '@tanstack/react-query';
import { alphaorbEndpoints } from '@th/contracts/alphaorb';
import { api } from '@/lib/api-client';

export const getOwnerBots = (signal?: AbortSignal) =>
  api.call(alphaorbEndpoints.getOwnerBots, { signal });

export const ownerBotsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'bots'] as const,
    queryFn: ({ signal }) => getOwnerBots(signal),
  });

/** The member's bots, for those who cannot open AlphaORB any more (`enabled` false otherwise). */
export const useOwnerBots = (enabled: boolean) => useQuery({ ...ownerBotsQueryOptions(), enabled });
