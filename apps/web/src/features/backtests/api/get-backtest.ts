import { queryOptions, useQuery } from '@tanstack/react-query';
import { BACKTEST_POLL_MS } from '@th/contracts/backtests';
import { backtestEndpoints } from '@th/contracts/backtests';
import { api } from '@/lib/api-client';

export const getBacktest = (id: string, signal?: AbortSignal) =>
  api.call(backtestEndpoints.getBacktest, { params: { id }, signal });

/** Polled every second while the backtest is queued or running; a finished one never changes. */
export const backtestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['alphaorb', 'backtests', id] as const,
    queryFn: ({ signal }) => getBacktest(id, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.backtest.status;
      return status === 'done' || status === 'failed' ? false : BACKTEST_POLL_MS;
    },
    staleTime: Infinity,
  });

export const useBacktest = (id: string | null) =>
  useQuery({ ...backtestQueryOptions(id ?? ''), enabled: id !== null });
