import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/queue.ts';
import { enforceAll, type EnforcementOptions, type PassOutcome } from './enforcement.ts';

export const RISK_ENFORCE_JOB = 'risk.enforce';
/** Protected accounts with nothing open or working are checked this often. */
export const ENFORCE_EVERY_MS = 5_000;
/**
 * Accounts holding positions or working orders (they can breach between two checks) are checked
 * this often, so a breach is flat within about a second plus the flatten (issue #22: ≤ 3 s). Each
 * check is 3–4 broker calls on the account: 1 a second per call type, where TradeLocker allows 10.
 */
export const ENFORCE_EXPOSED_EVERY_MS = 1_000;

export type EnforcementPass = { cadence: 'exposed' | 'idle'; ms: number; cpuMs: number; outcomes: Record<string, PassOutcome> };

export type EnforcementLoop = {
  /** Resolves once the passes running now have ended. */
  settled(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * The worker's enforcement: two cadences, each its own timer and never two passes of one cadence
 * at once, so a long pass over idle accounts never delays the exposed ones. Which cadence an
 * account is on is read from the database at each pass (the last check's `exposed`), so any number
 * of instances agree; each account's check takes its lease, so only one of them acts on it.
 */
export function startEnforcementLoop(ctx: AppContext, options: EnforcementOptions & { onPass?: (pass: EnforcementPass) => void } = {}): EnforcementLoop {
  const { onPass, ...enforcement } = options;
  const cadence = (name: EnforcementPass['cadence'], everyMs: number) => {
    let running: Promise<unknown> | null = null;
    const tick = () => {
      running ??= (async () => {
        const cpu = process.cpuUsage();
        const started = performance.now();
        const outcomes = await enforceAll(ctx, { ...enforcement, cadence: name });
        const used = process.cpuUsage(cpu);
        onPass?.({ cadence: name, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, outcomes });
      })()
        .catch((error: unknown) => ctx.log.error({ err: error, cadence: name }, 'risk enforcement pass failed'))
        .finally(() => (running = null));
    };
    tick();
    const timer = setInterval(tick, everyMs);
    timer.unref();
    return {
      settled: async () => void (await running),
      stop: async () => {
        clearInterval(timer);
        await running;
      },
    };
  };
  const lanes = [cadence('exposed', ENFORCE_EXPOSED_EVERY_MS), cadence('idle', ENFORCE_EVERY_MS)];
  return {
    settled: async () => void (await Promise.all(lanes.map((lane) => lane.settled()))),
    stop: async () => void (await Promise.all(lanes.map((lane) => lane.stop()))),
  };
}

// One enforcement loop per app instance (keyed by its process memory), started by the first cron delivery.
const loops = new WeakMap<object, EnforcementLoop>();

/**
 * Every minute: make sure this worker process runs the enforcement loop. Any number of processes
 * may run it: each account's check takes a lease, so only one of them acts on an account at a time.
 */
export const riskEnforceJob = defineJob({
  name: RISK_ENFORCE_JOB,
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  // The loop's next pass picks up whatever a failed one left.
  retryLimit: 0,
  handler: async (ctx) => {
    if (!loops.has(ctx.memory)) loops.set(ctx.memory, startEnforcementLoop(ctx));
  },
});
