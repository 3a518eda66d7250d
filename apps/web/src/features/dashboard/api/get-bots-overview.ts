import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview } from '@th/contracts';
import { alphaorbEndpoints } from '@th/contracts/alphaorb';
import { api } from '@/lib/api-client';

/** AlphaORB's weekly overview, for members with alphaorb.manage only. */
export async function getBotsOverview(signal?: AbortSignal): Promise<Overview> {
  return api.call(alphaorbEndpoints.getOverview, { query: { range: 'week' }, signal });
}

export const dashboardBotsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'alphaorb-overview'] as const,
    queryFn: ({ signal }) => getBotsOverview(signal),
    staleTime: 30_000,
    retry: false,
  });

export const useDashboardBots = (enabled: boolean) =>
  useQuery({ ...dashboardBotsQueryOptions(), enabled });
