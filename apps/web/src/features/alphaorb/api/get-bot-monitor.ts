import { queryOptions, useQuery } from '@tanstack/react-query';
import { MONITOR_POLL_MS } from '@th/contracts';
import { alphaorbEndpoints } from '@th/contracts/alphaorb';
import { api } from '@/lib/api-client';

export const getBotMonitor = (id: string, signal?: AbortSignal) =>
  api.call(alphaorbEndpoints.getBotMonitor, { params: { id }, signal });

/** Polled every 5000 ms (§9) while the monitor is on screen. */
export const botMonitorQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['alphaorb', 'bot', id, 'monitor'] as const,
    queryFn: ({ signal }) => getBotMonitor(id, signal),
    refetchInterval: MONITOR_POLL_MS,
    retry: false,
  });

export const useBotMonitor = (id: string | null) =>
  useQuery({ ...botMonitorQueryOptions(id ?? ''), enabled: Boolean(id) });
