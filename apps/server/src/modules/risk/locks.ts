/**
 * What the member reads of enforcement: each linked account's lock (until when, which rule, the
 * numbers that tripped it) and the review log of breaches, warnings and the actions taken.
 * Owner-scoped: another member's account answers 404 like a missing one.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { RiskLock, RiskReviewEvent } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { riskAccountRules, riskAccountStates, riskActions, riskEvents, tradingAccounts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';

type AccountRow = typeof tradingAccounts.$inferSelect;
type StateRow = typeof riskAccountStates.$inferSelect;

type Numbers = Record<string, string | number | null>;

function lockOf(now: Date, account: AccountRow, isProtected: boolean, state: StateRow | undefined, failed: number): RiskLock {
  const locked = Boolean(state?.lockedUntil && state.lockedUntil > now);
  const numbers = (state?.lockNumbers ?? null) as (Numbers & { message?: string }) | null;
  const { message = null, ...rest } = numbers ?? {};
  return {
    account_id: account.id,
    label: account.label?.trim() || account.name,
    currency: account.currency,
    protected: isProtected,
    locked,
    locked_until: locked ? state!.lockedUntil!.toISOString() : null,
    locked_at: locked ? (state!.lockedAt?.toISOString() ?? null) : null,
    rule: locked ? state!.lockRule : null,
    rules: locked ? (state!.lockRules.length ? state!.lockRules : state!.lockRule ? [state!.lockRule] : []) : [],
    message: locked ? (message as string | null) : null,
    numbers: locked && numbers ? rest : null,
    trading_day: state?.tradingDay ?? null,
    start_balance: state?.startBalance ?? null,
    last_checked_at: state?.lastCheckedAt?.toISOString() ?? null,
    last_error: state?.lastError ?? null,
    failed_actions: failed,
  };
}

async function locksFor(ctx: AppContext, userId: string, accounts: AccountRow[]): Promise<RiskLock[]> {
  if (accounts.length === 0) return [];
  const ids = accounts.map((a) => a.id);
  const [states, rules, failed] = await Promise.all([
    ctx.db.select().from(riskAccountStates).where(and(eq(riskAccountStates.userId, userId), inArray(riskAccountStates.tradingAccountId, ids))),
    ctx.db.select({ id: riskAccountRules.tradingAccountId }).from(riskAccountRules).where(and(eq(riskAccountRules.userId, userId), inArray(riskAccountRules.tradingAccountId, ids))),
    ctx.db
      .select({ id: riskActions.tradingAccountId })
      .from(riskActions)
      .where(and(eq(riskActions.userId, userId), inArray(riskActions.tradingAccountId, ids), eq(riskActions.status, 'failed'))),
  ]);
  const byAccount = new Map(states.map((s) => [s.tradingAccountId, s]));
  const ruled = new Set(rules.map((r) => r.id));
  const now = ctx.now();
  return accounts.map((account) =>
    lockOf(now, account, ruled.has(account.id), byAccount.get(account.id), failed.filter((f) => f.id === account.id).length),
  );
}

export async function listRiskLocks(ctx: AppContext, userId: string) {
  const accounts = await ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, userId)).orderBy(asc(tradingAccounts.createdAt));
  return { data: await locksFor(ctx, userId, accounts) };
}

export async function getAccountLock(ctx: AppContext, userId: string, accountId: string) {
  const [account] = isUuid(accountId)
    ? await ctx.db.select().from(tradingAccounts).where(and(eq(tradingAccounts.id, accountId), eq(tradingAccounts.userId, userId)))
    : [];
  if (!account) throw new AppError('not_found', 'Trading account not found.');
  const [lock] = await locksFor(ctx, userId, [account]);
  return { data: lock! };
}

/** The latest 100 events with their actions, newest first. */
export async function listRiskReview(ctx: AppContext, userId: string): Promise<{ data: RiskReviewEvent[] }> {
  const events = await ctx.db
    .select()
    .from(riskEvents)
    .where(eq(riskEvents.userId, userId))
    .orderBy(desc(riskEvents.createdAt), desc(riskEvents.id))
    .limit(100);
  const actions = events.length
    ? await ctx.db
        .select()
        .from(riskActions)
        .where(and(eq(riskActions.userId, userId), inArray(riskActions.eventId, events.map((e) => e.id))))
        .orderBy(asc(riskActions.id))
    : [];
  return {
    data: events.map((event) => ({
      id: event.id,
      account_id: event.tradingAccountId,
      account_label: event.accountLabel,
      kind: event.kind,
      rule: event.rule,
      rules: event.rules.length ? event.rules : [event.rule],
      message: event.message,
      numbers: event.numbers as Numbers,
      trading_day: event.tradingDay,
      locked_until: event.lockedUntil?.toISOString() ?? null,
      at: event.createdAt.toISOString(),
      actions: actions
        .filter((a) => a.eventId === event.id)
        .map((a) => ({
          id: a.id,
          kind: a.kind,
          detail: a.detail,
          status: a.status,
          attempts: a.attempts,
          last_error: a.lastError,
          updated_at: a.updatedAt.toISOString(),
        })),
    })),
  };
}
