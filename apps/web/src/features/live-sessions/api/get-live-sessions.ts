import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveSession, LiveSessionsResponse } from '@th/contracts';
import { api } from '@/lib/api-client';

export async function getLiveSessions(): Promise<LiveSession[]> {
  const body = await api.get<LiveSessionsResponse>('/api/live-sessions');
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
