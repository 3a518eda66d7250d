import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { BACKTEST_RUN_JOB, runBacktest } from './service.ts';

/**
 * Runs one queued backtest in the worker: fills the bar cache, replays the bars through the
 * ORB engine and stores the result, updating the progress the panel polls. A retry after a
 * crash starts the run over; a finished backtest is never run twice.
 */
export const backtestRunJob = defineJob({
  name: BACKTEST_RUN_JOB,
  payload: z.object({ id: z.string() }),
  retryLimit: 1,
  handler: (ctx, payload) => runBacktest(ctx, payload.id),
});
