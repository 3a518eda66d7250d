import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BacktestInput } from '@th/contracts';
import { backtestEndpoints } from '@th/contracts/backtests';
import { api } from '@/lib/api-client';
import { backtestQueryOptions } from './get-backtest';

/** Queues a backtest; the worker runs it and the panel polls its progress. */
export const createBacktest = (input: BacktestInput) =>
  api.call(backtestEndpoints.createBacktest, { body: input });

export function useCreateBacktest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBacktest,
    onSuccess: (created) => {
      queryClient.setQueryData(backtestQueryOptions(created.backtest.id).queryKey, {
        backtest: created.backtest,
      });
    },
  });
}
