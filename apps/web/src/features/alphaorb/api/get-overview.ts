import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OverviewRange } from '@th/contracts';
import { alphaorbEndpoints } from '@th/contracts/alphaorb';
import { api } from '@/lib/api-client';

export const getOverview = (range: OverviewRange, signal?: AbortSignal) =>
  api.call(alphaorbEndpoints.getOverview, { query: { range }, signal });

export const overviewQueryOptions = (range: OverviewRange) =>
  queryOptions({
    queryKey: ['alphaorb', 'overview', range] as const,
    queryFn: ({ signal }) => getOverview(range, signal),
    retry: false,
  });

export const useOverview = (range: OverviewRange, enabled = true) =>
  useQuery({ ...overviewQueryOptions(range), enabled });
