/**
 * Trials of members who joined without card billing (vendor internal). Stripe ends its own
 * trials and tells us by webhook; these end here: the member is told two days before, and at
 * the end the subscription is canceled and the member confined to the account area, as an
 * unhealthy Stripe subscription would. Staff extend a trial by setting a later end
 * (staff members-admin: status trialing), which also restores access.
 */
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { setStanding } from '../members/index.ts';
import { defineJob } from '../../jobs/queue.ts';
import { trialEndedMail, trialReminderMail } from './trial-reminder-mail.ts';

export const TRIAL_ENDED_REASON = 'Trial ended';
const REMIND_BEFORE_MS = 2 * 86_400_000;

const brandOf = (ctx: AppContext) => ({ name: ctx.config.BRAND_NAME, supportEmail: ctx.config.SUPPORT_EMAIL, appUrl: ctx.config.APP_URL });

async function membersOf(ctx: AppContext, ids: string[]) {
  if (ids.length === 0) return new Map<string, { email: string; firstName: string | null; timezone: string | null }>();
  const rows = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, timezone: users.timezone })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A mail that cannot go out now is logged by the mailer; the trial's state moves on anyway. */
const sendQuietly = (ctx: AppContext, mail: Parameters<AppContext['mailer']['send']>[0]) => ctx.mailer.send(mail).catch(() => undefined);

/**
 * Reminds the trials ending within two days (once per trial end) and ends the trials whose end
 * has come; one member's or everyone's. Each step claims its rows with one update, so two
 * instances running it together never mail twice.
 */
export async function settleInternalTrials(ctx: AppContext, userId?: string) {
  const now = ctx.now();
  const internalTrial = and(
    eq(subscriptions.vendor, 'internal'),
    eq(subscriptions.status, 'trialing'),
    userId ? eq(subscriptions.userId, userId) : undefined,
  );

  const reminded = await ctx.db
    .update(subscriptions)
    .set({ trialRemindedAt: now })
    .where(
      and(
        internalTrial,
        isNull(subscriptions.trialRemindedAt),
        gt(subscriptions.trialEnd, now),
        lte(subscriptions.trialEnd, new Date(now.getTime() + REMIND_BEFORE_MS)),
      ),
    )
    .returning({ userId: subscriptions.userId, trialEnd: subscriptions.trialEnd, planName: subscriptions.planName });

  const ended = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(subscriptions)
      .set({ status: 'canceled', updatedAt: now })
      .where(and(internalTrial, lte(subscriptions.trialEnd, now)))
      .returning({ userId: subscriptions.userId, trialEnd: subscriptions.trialEnd, planName: subscriptions.planName });
    await setStanding(
      tx,
      rows.map((row) => row.userId),
      { status: 'suspended', suspendedReason: TRIAL_ENDED_REASON },
      now,
      { status: 'active' },
    );
    return rows;
  });

  const members = await membersOf(ctx, [...reminded, ...ended].map((row) => row.userId));
  for (const row of reminded) {
    const member = members.get(row.userId);
    if (member) await sendQuietly(ctx, trialReminderMail(brandOf(ctx), member, row.trialEnd!, row.planName, 'internal'));
  }
  for (const row of ended) {
    const member = members.get(row.userId);
    if (member) await sendQuietly(ctx, trialEndedMail(brandOf(ctx), member, row.trialEnd!, row.planName));
  }
  if (ended.length > 0) ctx.log.info({ members: ended.map((row) => row.userId) }, 'internal trials ended');
  return { reminded: reminded.length, ended: ended.length };
}

/** Every minute, so a trial ends on time whether or not its member signs in. */
export const internalTrialsJob = defineJob({
  name: 'billing.internal-trials',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 0,
  handler: async (ctx) => {
    await settleInternalTrials(ctx);
  },
});
