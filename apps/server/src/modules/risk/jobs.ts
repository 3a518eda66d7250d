import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/queue.ts';
import { enforceAll } from './enforcement.ts';

export const RISK_ENFORCE_JOB = 'risk.enforce';
export const ENFORCE_EVERY_MS = 5_000;

// One polling loop per app instance (keyed by its process memory), started by the first cron delivery.
const loops = new WeakMap<object, NodeJS.Timeout>();

function startLoop(ctx: AppContext) {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running ??= enforceAll(ctx)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'risk enforcement pass failed'))
      .finally(() => (running = null));
  };
  tick();
  const timer = setInterval(tick, ENFORCE_EVERY_MS);
  timer.unref();
  loops.set(ctx.memory, timer);
}

/**
 * Every minute: make sure this worker process runs the enforcement loop (a pass over every
 * protected account every five seconds) and take one pass now. Any number of processes may run
 * it: each account's pass takes a lease, so only one of them acts on an account at a time.
 */
export const riskEnforceJob = defineJob({
  name: RISK_ENFORCE_JOB,
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  // The loop's next pass picks up whatever a failed one left.
  retryLimit: 0,
  handler: async (ctx) => {
    if (!loops.has(ctx.memory)) {
      startLoop(ctx);
      return;
    }
    await enforceAll(ctx);
  },
});
