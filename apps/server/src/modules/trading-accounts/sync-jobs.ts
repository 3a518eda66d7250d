/**
 * Background trade sync: every 15 minutes one job per active linked account whose login still
 * works. Jobs are throttled per account (pg-boss singleton key) and the sync itself holds a
 * lease, so an account is never synced twice at once, whichever instance runs the job.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { SYNC_COOLDOWN_SECONDS } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { tradingAccounts } from '../../db/schema/index.ts';
import { defineJob } from '../../jobs/queue.ts';
import { accountsDueForSync, syncAccount } from './sync.ts';

export const SYNC_ACCOUNT_JOB = 'trading-accounts.sync-account';
export const SYNC_DUE_JOB = 'trading-accounts.sync-due';

/** Queues one account's sync now (after linking it). */
export async function queueAccountSync(ctx: AppContext, tradingAccountId: string) {
  await ctx.jobs.send(SYNC_ACCOUNT_JOB, { tradingAccountId });
}

export const syncAccountJob = defineJob({
  name: SYNC_ACCOUNT_JOB,
  payload: z.object({ tradingAccountId: z.uuid() }),
  retryLimit: 0,
  handler: async (ctx, { tradingAccountId }) => {
    const [row] = await ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, tradingAccountId));
    // Removed, disabled or waiting for a re-link since the job was queued: nothing to do.
    if (!row || row.status !== 'active' || row.connection === 'needs_relink') return;
    const recent = row.lastSyncedAt && ctx.now().getTime() - row.lastSyncedAt.getTime() < SYNC_COOLDOWN_SECONDS * 1000;
    if (recent) return;
    const outcome = await syncAccount(ctx, row);
    ctx.log.info({ tradingAccountId, ...outcome }, 'trade sync');
  },
});

export const syncDueAccountsJob = defineJob({
  name: SYNC_DUE_JOB,
  payload: z.object({}),
  cron: '*/15 * * * *',
  // The next quarter-hour's run picks up whatever a failed one left.
  retryLimit: 0,
  handler: async (ctx) => {
    for (const id of await accountsDueForSync(ctx)) {
      await ctx.jobs.send(SYNC_ACCOUNT_JOB, { tradingAccountId: id }, { singletonKey: id, singletonSeconds: 600 });
    }
  },
});
