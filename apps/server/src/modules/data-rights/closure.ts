/**
 * "Close my account": the member confirms with their password (staff give a reason). At once
 * every device is signed out; the closing job then stops the bots, erases the broker tokens and
 * cancels the subscription. For CLOSURE_GRACE_DAYS signing in restores the account; after that
 * the erase job deletes or anonymizes the member's rows in every table of the registry.
 *
 * Every step is idempotent and recorded in `account_closures.steps` as it completes, so a worker
 * killed midway resumes where it stopped when the job is retried. A failing step (Stripe, the
 * broker) records its error and attempts for staff and throws: the job is retried, never
 * skipped.
 */
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import { CLOSURE_GRACE_DAYS, type AccountClosure, type ClosureCancelMode } from '@th/contracts';
import { memberTimeZone } from '@th/domain';
import { DateTime } from 'luxon';
import type { AppContext, AuthContext } from '../../context.ts';
import { accountClosures, type ClosureStepState } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { stopMemberBots } from '../alphaorb/index.ts';
import { anonymizeStripeCustomer, cancelForClosure } from '../billing/index.ts';
import { accountClosingMail } from '../mail/index.ts';
import { barSignIn, deleteMemberRecord, memberIdentity, passwordMatches, signOutEverywhere } from '../members/index.ts';
import { eraseMemberReports } from '../reports/index.ts';
import { anonymizeAuditFor, recordAudit } from '../staff/index.ts';
import { forgetBrokerTokens } from '../trading-accounts/index.ts';
import { eraseMemberTrades } from '../trades/index.ts';

export const CLOSE_ACCOUNT_JOB = 'data-rights.close';
export const ERASE_ACCOUNT_JOB = 'data-rights.erase';

type ClosureRow = typeof accountClosures.$inferSelect;
type Step = { key: string; label: string; run: (ctx: AppContext, closure: ClosureRow) => Promise<unknown> };

/** What closing does at once and in the job, in order (bots stop before their broker tokens go). */
export const CLOSING_STEPS: readonly Step[] = [
  { key: 'sign_out', label: 'Signed out on every device', run: (ctx, c) => signOutEverywhere(ctx, c.userId) },
  { key: 'stop_bots', label: 'AlphaORB bots stopped', run: (ctx, c) => stopMemberBots(ctx, c.userId) },
  { key: 'broker_tokens', label: 'Broker tokens deleted', run: (ctx, c) => forgetBrokerTokens(ctx, c.userId) },
  { key: 'subscription', label: 'Subscription canceled', run: (ctx, c) => cancelForClosure(ctx, c.userId, c.cancel) },
];

const replacementOf = (closure: ClosureRow) => `Closed member ${closure.userId.slice(0, 8)}`;

/** What erasure does after the grace period, in order; the member record goes last. */
export const ERASING_STEPS: readonly Step[] = [
  { key: 'bar_sign_in', label: 'Sign-in barred', run: (ctx, c) => barSignIn(ctx, c.userId) },
  { key: 'stripe_customer', label: 'Name replaced at Stripe', run: (ctx, c) => anonymizeStripeCustomer(ctx, c.userId, replacementOf(c)) },
  {
    key: 'audit_log',
    label: 'Name replaced in the audit log',
    run: async (ctx, c) => {
      const identity = await memberIdentity(ctx, c.userId);
      return identity ? anonymizeAuditFor(ctx, c.userId, identity, replacementOf(c)) : 0;
    },
  },
  { key: 'trades', label: 'Trades deleted', run: (ctx, c) => eraseMemberTrades(ctx, c.userId) },
  { key: 'member', label: 'Personal data deleted', run: (ctx, c) => deleteMemberRecord(ctx, c.userId) },
  {
    // After the member record: its cascades (linked accounts) bump the trade revision again.
    key: 'derived',
    label: 'Report rollups and counters deleted',
    run: async (ctx, c) => {
      await eraseMemberTrades(ctx, c.userId);
      await eraseMemberReports(ctx, c.userId);
    },
  },
];

export function toClosure(row: ClosureRow): AccountClosure {
  const steps = [...CLOSING_STEPS, ...(row.status === 'erasing' || row.status === 'erased' ? ERASING_STEPS : [])];
  return {
    id: row.id,
    status: row.status,
    cancel: row.cancel,
    requested_by: row.requestedBy,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    grace_ends_at: row.graceEndsAt.toISOString(),
    restored_at: row.restoredAt?.toISOString() ?? null,
    erased_at: row.erasedAt?.toISOString() ?? null,
    last_error: row.lastError,
    steps: steps.map((step) => {
      const state = row.steps[step.key];
      return { key: step.key, label: step.label, done_at: state?.doneAt ?? null, error: state?.error ?? null, attempts: state?.attempts ?? 0 };
    }),
  };
}

/** The member's latest closure, if any. */
export async function latestClosure(ctx: AppContext, userId: string): Promise<ClosureRow | null> {
  const [row] = await ctx.db
    .select()
    .from(accountClosures)
    .where(eq(accountClosures.userId, userId))
    .orderBy(desc(accountClosures.createdAt))
    .limit(1);
  return row ?? null;
}

const ALREADY_CLOSING = 'This account is already being closed.';

/** Postgres unique violation (account_closures_open_key): two closings raced. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  // Drizzle wraps driver errors; the SQLSTATE sits on the cause.
  const { code, cause } = error as { code?: string; cause?: unknown };
  return code === '23505' || isUniqueViolation(cause);
}

async function startClosure(
  ctx: AppContext,
  userId: string,
  input: { cancel: ClosureCancelMode; requestedBy: 'member' | 'staff'; reason: string | null },
) {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: accountClosures.id })
      .from(accountClosures)
      .where(and(eq(accountClosures.userId, userId), inArray(accountClosures.status, ['pending', 'erasing'])));
    if (open) throw new AppError('conflict', ALREADY_CLOSING);
    const [created] = await tx
      .insert(accountClosures)
      .values({
        userId,
        cancel: input.cancel,
        requestedBy: input.requestedBy,
        reason: input.reason,
        graceEndsAt: new Date(now.getTime() + CLOSURE_GRACE_DAYS * 86_400_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  }).catch((error: unknown) => {
    throw isUniqueViolation(error) ? new AppError('conflict', ALREADY_CLOSING) : error;
  });
  const identity = await memberIdentity(ctx, userId);
  const graceEnds = DateTime.fromJSDate(row.graceEndsAt, { zone: memberTimeZone(identity?.timezone) }).toFormat('LLLL d, yyyy');
  // Signed out at once, before the answer: the member cannot go on using the app.
  const closed = await runSteps(ctx, row, CLOSING_STEPS.slice(0, 1));
  await ctx.jobs.send(CLOSE_ACCOUNT_JOB, { id: row.id }, { singletonKey: row.id });
  if (identity) {
    const brand = { name: ctx.config.BRAND_NAME, supportEmail: ctx.config.SUPPORT_EMAIL };
    await ctx.mailer.send(accountClosingMail(brand, identity.email, `${ctx.config.APP_URL}/account/login`, graceEnds)).catch(() => undefined);
  }
  return { row: closed, graceEnds };
}

/** POST /api/me/closure: the member closes their own account with their password. */
export async function closeOwnAccount(ctx: AppContext, auth: AuthContext, input: { password: string; cancel: ClosureCancelMode }) {
  if (!(await passwordMatches(ctx, auth.userId, input.password))) {
    throw AppError.invalid('password', 'The password is incorrect.');
  }
  const { row, graceEnds } = await startClosure(ctx, auth.userId, { cancel: input.cancel, requestedBy: 'member', reason: null });
  return {
    message: `Your account is closed and you have been signed out. Sign in before ${graceEnds} to restore it; after that your personal data is deleted.`,
    data: toClosure(row),
  };
}

/** POST /api/staff/members/:id/closure: staff close a member's account, with a reason (audited). */
export async function staffCloseAccount(
  ctx: AppContext,
  actor: AuthContext,
  userId: string,
  input: { reason: string; cancel: ClosureCancelMode },
) {
  if (!/^[0-9a-f-]{36}$/i.test(userId) || !(await memberIdentity(ctx, userId))) {
    throw new AppError('not_found', 'Member not found.');
  }
  const { row } = await startClosure(ctx, userId, { cancel: input.cancel, requestedBy: 'staff', reason: input.reason });
  await recordAudit(ctx.db, actor, {
    action: 'member.closed',
    subjectType: 'member',
    subjectId: userId,
    after: { reason: input.reason, cancel: input.cancel, grace_ends_at: row.graceEndsAt.toISOString() },
  });
  return { message: 'The account is closed. It is erased when the grace period ends unless the member signs in.', data: toClosure(row) };
}

/**
 * Runs the steps not yet done, recording each outcome. The first failure is recorded and
 * thrown (the job retries it); later steps wait for it, as their order matters.
 */
async function runSteps(ctx: AppContext, closure: ClosureRow, steps: readonly Step[]): Promise<ClosureRow> {
  let row = closure;
  for (const step of steps) {
    if (row.steps[step.key]?.doneAt) continue;
    const before: ClosureStepState = row.steps[step.key] ?? { doneAt: null, error: null, attempts: 0 };
    let state: ClosureStepState;
    let failure: unknown = null;
    try {
      await step.run(ctx, row);
      state = { doneAt: ctx.now().toISOString(), error: null, attempts: before.attempts + 1 };
    } catch (error) {
      failure = error;
      const message = error instanceof Error ? error.message : String(error);
      state = { doneAt: null, error: message.slice(0, 500), attempts: before.attempts + 1 };
    }
    const steps = { ...row.steps, [step.key]: state };
    const [updated] = await ctx.db
      .update(accountClosures)
      .set({ steps, lastError: state.error ? `${step.label}: ${state.error}` : null, updatedAt: ctx.now() })
      .where(eq(accountClosures.id, row.id))
      .returning();
    row = updated ?? { ...row, steps };
    if (failure) {
      ctx.log.warn({ closure: row.id, step: step.key, err: failure }, 'data-rights: closure step failed; the job retries it');
      throw failure;
    }
  }
  return row;
}

/** The closing job: the steps after signing out. Stops if the member restored the account. */
export async function runClosure(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select().from(accountClosures).where(eq(accountClosures.id, id));
  if (!row || row.status !== 'pending') return;
  await runSteps(ctx, row, CLOSING_STEPS);
}

/** The erase job: once the grace period is over, every step of closing and erasing, in order. */
export async function eraseAccount(ctx: AppContext, id: string) {
  const [found] = await ctx.db.select().from(accountClosures).where(eq(accountClosures.id, id));
  if (!found || found.status === 'restored' || found.status === 'erased') return;
  if (found.status === 'pending' && found.graceEndsAt > ctx.now()) return;
  let row = found;
  if (row.status === 'pending') {
    // From here the closure cannot be undone: signing in no longer restores the account.
    const [erasing] = await ctx.db
      .update(accountClosures)
      .set({ status: 'erasing', updatedAt: ctx.now() })
      .where(and(eq(accountClosures.id, id), eq(accountClosures.status, 'pending')))
      .returning();
    if (!erasing) return; // restored (or taken by another worker) in the meantime
    row = erasing;
  }
  row = await runSteps(ctx, row, [...CLOSING_STEPS, ...ERASING_STEPS]);
  await ctx.db
    .update(accountClosures)
    .set({ status: 'erased', reason: null, erasedAt: ctx.now(), lastError: null, updatedAt: ctx.now() })
    .where(eq(accountClosures.id, row.id));
}

/** Closures whose grace period is over, or whose erasure stopped midway (the sweep job). */
export async function dueClosures(ctx: AppContext) {
  const pending = await ctx.db
    .select({ id: accountClosures.id })
    .from(accountClosures)
    .where(and(eq(accountClosures.status, 'pending'), lte(accountClosures.graceEndsAt, ctx.now())))
    .orderBy(asc(accountClosures.graceEndsAt));
  const erasing = await ctx.db.select({ id: accountClosures.id }).from(accountClosures).where(eq(accountClosures.status, 'erasing'));
  return [...pending, ...erasing].map((row) => row.id);
}

/**
 * Signing in during the grace period restores the account (called by the sign-in once the
 * password is right). Bots stay paused and broker accounts need linking again.
 */
export async function restoreOnSignIn(ctx: AppContext, userId: string): Promise<boolean> {
  const restored = await ctx.db
    .update(accountClosures)
    .set({ status: 'restored', restoredAt: ctx.now(), updatedAt: ctx.now() })
    .where(and(eq(accountClosures.userId, userId), eq(accountClosures.status, 'pending')))
    .returning({ id: accountClosures.id });
  if (restored.length > 0) ctx.log.info({ userId }, 'data-rights: account restored by signing in');
  return restored.length > 0;
}

/** Staff's "try again now": queues the job the closure is waiting on. */
export async function retryClosure(ctx: AppContext, actor: AuthContext, userId: string) {
  const row = await latestClosure(ctx, userId);
  if (!row || (row.status !== 'pending' && row.status !== 'erasing')) {
    throw new AppError('conflict', 'This account has no closure in progress.');
  }
  const erasing = row.status === 'erasing' || row.graceEndsAt <= ctx.now();
  await ctx.jobs.send(erasing ? ERASE_ACCOUNT_JOB : CLOSE_ACCOUNT_JOB, { id: row.id });
  await recordAudit(ctx.db, actor, { action: 'member.closure_retried', subjectType: 'member', subjectId: userId });
  return { message: 'The remaining steps are being tried again.', data: toClosure(row) };
}
