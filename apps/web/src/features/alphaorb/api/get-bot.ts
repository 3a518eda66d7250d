import { queryOptions, useQuery } from '@tanstack/react-query';
import { alphaorbEndpoints } from '@th/contracts/alphaorb';
import { api } from '@/lib/api-client';

export const getBot = (id: string, signal?: AbortSignal) =>
  api.call(alphaorbEndpoints.getBot, { params: { id }, signal });

export const botQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['alphaorb', 'bot', id] as const,
    queryFn: ({ signal }) => getBot(id, signal),
    retry: false,
  });

export const useBot = (id: string | null) =>
  useQuery({ ...botQueryOptions(id ?? ''), enabled: Boolean(id) });
