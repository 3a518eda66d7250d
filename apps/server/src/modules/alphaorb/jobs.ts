import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { createRunner } from './runner.ts';

export const ALPHAORB_RUNNER_JOB = 'alphaorb.runner';


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
    // One polling runner per worker process, started by the first cron delivery.
    if (!ctx.memory.runner) {
      ctx.memory.runner = createRunner(ctx);
      ctx.memory.runner.start();
      return;
    }
    await ctx.memory.runner.pass();
  },
});
