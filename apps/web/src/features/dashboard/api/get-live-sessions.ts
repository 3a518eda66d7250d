import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveSession } from '@th/contracts';
import { liveSessionEndpoints } from '@th/contracts/live-sessions';
import { api } from '@/lib/api-client';

export async function getLiveSessions(signal?: AbortSignal): Promise<LiveSession[]> {
  const body = await api.call(liveSessionEndpoints.getLiveSessions, { signal });
  return Array.isArray(body) ? body : body.data;
}

export const dashboardSessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'live-sessions'] as const,
    queryFn: ({ signal }) => getLiveSessions(signal),
    staleTime: 60_000,
  });

export const useDashboardSessions = () => useQuery(dashboardSessionsQueryOptions());
