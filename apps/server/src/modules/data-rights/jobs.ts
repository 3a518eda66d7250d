import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { CLOSE_ACCOUNT_JOB, dueClosures, ERASE_ACCOUNT_JOB, eraseAccount, runClosure } from './closure.ts';
import { buildExport, DATA_EXPORT_JOB, expireExports } from './exports.ts';

/** Builds one member's archive. A retry after a crash starts the archive over. */
export const dataExportJob = defineJob({
  name: DATA_EXPORT_JOB,
  payload: z.object({ id: z.string() }),
  retryLimit: 3,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 30 * 60,
  handler: (ctx, payload) => buildExport(ctx, payload.id),
});

/**
 * The closing steps after signing out: bots, broker tokens, the subscription. Stripe and broker
 * failures are retried with backoff for about a day; each attempt's error is on the closure
 * for staff, who can also retry by hand.
 */
export const closeAccountJob = defineJob({
  name: CLOSE_ACCOUNT_JOB,
  payload: z.object({ id: z.string() }),
  retryLimit: 10,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  handler: (ctx, payload) => runClosure(ctx, payload.id),
});

/** Erases one account whose grace period is over; resumes at the first step not done. */
export const eraseAccountJob = defineJob({
  name: ERASE_ACCOUNT_JOB,
  payload: z.object({ id: z.string() }),
  retryLimit: 10,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 30 * 60,
  handler: (ctx, payload) => eraseAccount(ctx, payload.id),
});

/**
 * Every quarter hour: expired archives are dropped, and closures past their grace period (or
 * whose erasure stopped) are queued for erasure, one job per closure.
 */
export const dataRightsSweepJob = defineJob({
  name: 'data-rights.sweep',
  payload: z.object({}).passthrough(),
  cron: '*/15 * * * *',
  retryLimit: 2,
  handler: async (ctx) => {
    await expireExports(ctx);
    for (const id of await dueClosures(ctx)) {
      await ctx.jobs.send(ERASE_ACCOUNT_JOB, { id }, { singletonKey: id, singletonSeconds: 15 * 60 });
    }
  },
});
