import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveSession } from '@th/contracts';
import { liveSessionEndpoints } from '@th/contracts/live-sessions';
import { api } from '@/lib/api-client';

export async function getLiveSessions(): Promise<LiveSession[]> {
  const body = await api.call(liveSessionEndpoints.getLiveSessions);
  return body.data;
}

export const liveSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['live-sessions'],
    queryFn: getLiveSessions,
    // The live-now flag comes from the server; a minute keeps the badge honest.
    refetchInterval: 60_000,
    staleTime: 30_000,
    retry: false,
  });

export const useLiveSessions = () => useQuery(liveSessionsQueryOptions());
