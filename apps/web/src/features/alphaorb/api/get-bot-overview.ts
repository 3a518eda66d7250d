import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BotOverview, OverviewRange } from '@th/contracts';
import { api } from '@/lib/api-client';

export const getBotOverview = (id: string, range: OverviewRange, signal?: AbortSignal) =>
  api.get<BotOverview>(`/api/alphaorb/bots/${encodeURIComponent(id)}/overview`, { range }, signal);

export const botOverviewQueryOptions = (id: string, range: OverviewRange) =>
  queryOptions({
    queryKey: ['alphaorb', 'bot', id, 'overview', range] as const,
    queryFn: ({ signal }) => getBotOverview(id, range, signal),
    retry: false,
  });

export const useBotOverview = (id: string | null, range: OverviewRange) =>
  useQuery({ ...botOverviewQueryOptions(id ?? '', range), enabled: Boolean(id) });
