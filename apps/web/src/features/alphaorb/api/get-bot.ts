import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BotDetailResponse } from '@th/contracts';
import { api } from '@/lib/api-client';

export const getBot = (id: string, signal?: AbortSignal) =>
  api.get<BotDetailResponse>(`/api/alphaorb/bots/${encodeURIComponent(id)}`, undefined, signal);

export const botQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['alphaorb', 'bot', id] as const,
    queryFn: ({ signal }) => getBot(id, signal),
    retry: false,
  });

export const useBot = (id: string | null) => useQuery({ ...botQueryOptions(id ?? ''), enabled: Boolean(id) });
