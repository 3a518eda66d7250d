import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/queue.ts';
import { createRunner, type Runner } from './runner.ts';

export const ALPHAORB_RUNNER_JOB = 'alphaorb.runner';

// One polling runner per worker process (per context), started by the first cron delivery.
const runners = new WeakMap<AppContext, Runner>();

/**
 * Every minute: make sure this worker process runs the AlphaORB runner loop (a pass every five
 * seconds) and take one pass now, which also claims bots whose previous process died.
 */
export const alphaorbRunnerJob = defineJob({
  name: ALPHAORB_RUNNER_JOB,
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 0,
  handler: async (ctx) => {
    let runner = runners.get(ctx);
    if (!runner) {
      runner = createRunner(ctx);
      runners.set(ctx, runner);
      runner.start();
      return;
    }
    await runner.pass();
  },
});
