import type PgBoss from 'pg-boss';
import type { AppContext } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { rateLimitSweepJob } from '../lib/rate-limits.ts';
import { alphaorbRunnerJob } from '../modules/alphaorb/jobs.ts';
import { passwordMailJob } from '../modules/auth/jobs.ts';
import { internalTrialsJob } from '../modules/billing/internal-trials.ts';
import { backtestRunJob } from '../modules/backtests/jobs.ts';
import { communityFeedPruneJob } from '../modules/community/jobs.ts';
import { closeAccountJob, dataExportJob, dataRightsSweepJob, eraseAccountJob } from '../modules/data-rights/jobs.ts';
import { levelsRefreshJob } from '../modules/levels/jobs.ts';
import { marketEventsFetchJob } from '../modules/market-events/jobs.ts';
import { riskEnforceJob } from '../modules/risk/jobs.ts';
import { tradeExcursionsBackfillJob } from '../modules/trade-chart/jobs.ts';
import { marketEventRemindersJob, notificationDeliverJob, sessionRemindersJob } from '../modules/notifications/jobs.ts';
import { syncAccountJob, syncDueAccountsJob } from '../modules/trading-accounts/sync-jobs.ts';
import { queueOptionsOf, type JobDefinition, type JobSendOptions } from './queue.ts';

const definitions = [
  levelsRefreshJob,
  marketEventsFetchJob,
  syncAccountJob,
  syncDueAccountsJob,
  alphaorbRunnerJob,
  backtestRunJob,
  rateLimitSweepJob,
  passwordMailJob,
  internalTrialsJob,
  dataExportJob,
  closeAccountJob,
  eraseAccountJob,
  dataRightsSweepJob,
  riskEnforceJob,
  tradeExcursionsBackfillJob,
  notificationDeliverJob,
  sessionRemindersJob,
  marketEventRemindersJob,
  communityFeedPruneJob,
] as const;

/** Every background job of the product. Feature modules append their definitions above. */
export const jobs = definitions as unknown as JobDefinition[];

type Defined = (typeof definitions)[number];
export type JobName = Defined['name'];
/** What may be sent to a job: the payload its handler takes. */
export type JobPayload<Name extends JobName> = Parameters<Extract<Defined, { name: Name }>['handler']>[1];

/** How services enqueue work; pg-boss keeps the jobs in the database. */
export type JobClient = {
  send: <Name extends JobName>(name: Name, data: JobPayload<Name>, options?: JobSendOptions) => Promise<string | null>;
};

/**
 * Each payload is checked against its job's schema when it is sent, so a wrong one fails the
 * request that sent it, not a worker minutes later.
 */
export function createJobClient(boss: PgBoss): JobClient {
  return {
    send: async (name, data, options) => {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) throw new Error(`No job is named ${name}.`);
      const payload = job.payload.parse(data) as object;
      return options ? boss.send(name, payload, options) : boss.send(name, payload);
    },
  };
}

/**
 * Creates every queue so jobs can be sent before any worker runs, with its definition's retry
 * policy: jobs take their queue's, and pg-boss's own default is two retries. A queue made by an
 * earlier version keeps its row, so its options are updated too.
 */
/**
 * Starts pg-boss and creates or updates every job's queue. Instances starting together take
 * turns: pg-boss's own schema creation and `createQueue` deadlock or fail on a duplicate schema
 * when two processes run them at once on a fresh database.
 */
export async function startJobQueue(database: DatabaseHandle, boss: PgBoss) {
  await database.exclusively(async () => {
    await boss.start();
    for (const job of jobs) {
      const options = queueOptionsOf(job);
      await boss.createQueue(job.name, options);
      await boss.updateQueue(job.name, options);
    }
  });
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
          ctx.memory.metrics.jobRuns.inc({ job: job.name, outcome: 'ok' });
        } catch (error) {
          // pg-boss retries the job; the failure is counted and logged here.
          ctx.memory.metrics.jobRuns.inc({ job: job.name, outcome: 'failed' });
          ctx.log.error({ err: error, job: job.name, id: item.id }, 'job failed');
          ctx.errors.capture(error, { job: job.name });
          throw error;
        }
      }
    });
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  }
}
