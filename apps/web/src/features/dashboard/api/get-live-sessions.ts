import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveSession } from '@th/contracts';
import { api } from '@/lib/api-client';

export async function getLiveSessions(signal?: AbortSignal): Promise<LiveSession[]> {
  const body = await api.get<{ data: LiveSession[] } | LiveSession[]>('/api/live-sessions', undefined, signal);
  return Array.isArray(body) ? body : body.data;
}

export const dashboardSessionsQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'live-sessions'] as const, queryFn: ({ signal }) => getLiveSessions(signal), staleTime: 60_000 });

export const useDashboardSessions = () => useQuery(dashboardSessionsQueryOptions());
