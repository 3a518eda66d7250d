import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OverviewRange } from '@th/contracts';
import { alphaorbEndpoints } from '@th/contracts/alphaorb';
import { api } from '@/lib/api-client';

export const getBotOverview = (id: string, range: OverviewRange, signal?: AbortSignal) =>
  api.call(alphaorbEndpoints.getBotOverview, { params: { id }, query: { range }, signal });

export const botOverviewQueryOptions = (id: string, range: OverviewRange) =>
  queryOptions({
    queryKey: ['alphaorb', 'bot', id, 'overview', range] as const,
    queryFn: ({ signal }) => getBotOverview(id, range, signal),
    retry: false,
  });

export const useBotOverview = (id: string | null, range: OverviewRange) =>
  useQuery({ ...botOverviewQueryOptions(id ?? '', range), enabled: Boolean(id) });
