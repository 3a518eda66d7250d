import type PgBoss from 'pg-boss';
import type { AppContext } from '../context.ts';
import { metrics } from '../lib/metrics.ts';
import { rateLimitSweepJob } from '../lib/rate-limits.ts';
import { alphaorbRunnerJob } from '../modules/alphaorb/jobs.ts';
import { passwordMailJob } from '../modules/auth/jobs.ts';
import { internalTrialsJob } from '../modules/billing/internal-trials.ts';
import { backtestRunJob } from '../modules/backtests/jobs.ts';
import { levelsRefreshJob } from '../modules/levels/jobs.ts';
import { marketEventsFetchJob } from '../modules/market-events/jobs.ts';
import { syncAccountJob, syncDueAccountsJob } from '../modules/trading-accounts/sync-jobs.ts';
import type { JobDefinition } from './queue.ts';

/** Every background job of the product. Feature modules append their definitions here. */
export const jobs: JobDefinition[] = [levelsRefreshJob, marketEventsFetchJob, syncAccountJob, syncDueAccountsJob, alphaorbRunnerJob, backtestRunJob, rateLimitSweepJob, passwordMailJob, internalTrialsJob];

/** How services enqueue work; pg-boss keeps the jobs in the database. */
export type JobQueue = {
  send: (name: string, data: object, options?: PgBoss.SendOptions) => Promise<string | null>;
};

export function queueOf(boss: PgBoss): JobQueue {
  return { send: (name, data, options) => (options ? boss.send(name, data, options) : boss.send(name, data)) };
}

/** Creates every queue so jobs can be sent before any worker runs. */
export async function createQueues(boss: PgBoss) {
  for (const job of jobs) await boss.createQueue(job.name);
}

/**
 * Runs every job's handler in this process. Any number of processes may do this: pg-boss hands
 * each job to exactly one of them, and schedules each cron once across all of them.
 */
export async function startWorker(ctx: AppContext, boss: PgBoss) {
  for (const job of jobs) {
    await boss.work(job.name, { pollingIntervalSeconds: 2 }, async (batch) => {
      for (const item of batch) {
        try {
          await job.handler(ctx, job.payload.parse(item.data));
          metrics.jobRuns.inc({ job: job.name, outcome: 'ok' });
        } catch (error) {
          // pg-boss retries the job; the failure is counted and logged here.
          metrics.jobRuns.inc({ job: job.name, outcome: 'failed' });
          ctx.log.error({ err: error, job: job.name, id: item.id }, 'job failed');
          ctx.errors.capture(error, { job: job.name });
          throw error;
        }
      }
    });
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  }
}
