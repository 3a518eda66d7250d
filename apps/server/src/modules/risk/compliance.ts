/**
 * Rules compliance per Toronto trading day (issue #22, "Review and compliance"). A day is broken
 * when a breach, a warning (a warn-only rule was still broken) or trading while locked was
 * recorded that day on one of the member's linked accounts; kept when rules protected at least
 * one of them at some moment of the day and nothing was broken; without a status otherwise
 * (before the first rules, or after they were removed). When rules were in force is read from the
 * rule change log: set or applied starts a stretch, removed ends it. An account unlinked takes
 * its rules, breaches and log with it (they cascade), so only linked accounts count.
 */
import { and, asc, eq, gte, inArray, lt, lte } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { RISK_RULE_NAMES, type RuleComplianceDay } from '@th/contracts';
import { TRADE_TIME_ZONE } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { riskEvents, riskRuleChanges, tradingAccounts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { tradingDayOf } from './rule-checks.ts';
import { isUuid } from '../../lib/ids.ts';

export type ComplianceRange = {
  /** First Toronto date, or null from the member's first rules. */
  from: string | null;
  /** Last Toronto date, or null for today; days after today have no status yet. */
  to: string | null;
  /** One linked account, or null for all of them. */
  accountId: string | null;
};

type Stretch = { start: Date; end: Date | null };

const dayStart = (date: string) => DateTime.fromISO(date, { zone: TRADE_TIME_ZONE }).startOf('day');

/** Each account's stretches under rules, in time order, from its log entries. */
function stretchesOf(changes: { accountId: string; action: string; at: Date }[]): Stretch[] {
  const open = new Map<string, Stretch>();
  const stretches: Stretch[] = [];
  for (const change of changes) {
    const running = open.get(change.accountId);
    if (change.action === 'removed') {
      if (running) running.end = change.at;
      open.delete(change.accountId);
    } else if (!running) {
      const stretch = { start: change.at, end: null };
      open.set(change.accountId, stretch);
      stretches.push(stretch);
    }
  }
  return stretches;
}

/** The member's days from–to with a status, oldest first. */
export async function ruleComplianceDays(ctx: AppContext, userId: string, range: ComplianceRange): Promise<RuleComplianceDay[]> {
  const today = tradingDayOf(ctx.now());
  const to = range.to !== null && range.to < today ? range.to : today;
  if (range.from !== null && range.from > to) return [];
  const accounts = await ctx.db
    .select({ id: tradingAccounts.id })
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.userId, userId), range.accountId === null ? undefined : eq(tradingAccounts.id, range.accountId)));
  if (accounts.length === 0) return [];
  const ids = accounts.map((account) => account.id);
  const end = dayStart(to).plus({ days: 1 });
  const [changes, events] = await Promise.all([
    ctx.db
      .select({ accountId: riskRuleChanges.subjectId, action: riskRuleChanges.action, at: riskRuleChanges.createdAt })
      .from(riskRuleChanges)
      .where(
        and(
          eq(riskRuleChanges.userId, userId),
          eq(riskRuleChanges.subject, 'account'),
          inArray(riskRuleChanges.subjectId, ids),
          lt(riskRuleChanges.createdAt, end.toJSDate()),
        ),
      )
      .orderBy(asc(riskRuleChanges.createdAt), asc(riskRuleChanges.id)),
    ctx.db
      .select({ day: riskEvents.tradingDay, rule: riskEvents.rule, rules: riskEvents.rules })
      .from(riskEvents)
      .where(
        and(
          eq(riskEvents.userId, userId),
          inArray(riskEvents.tradingAccountId, ids),
          range.from === null ? undefined : gte(riskEvents.tradingDay, range.from),
          lte(riskEvents.tradingDay, to),
        ),
      )
      .orderBy(asc(riskEvents.createdAt), asc(riskEvents.id)),
  ]);

  const broken = new Map<string, Set<string>>();
  for (const event of events) {
    const rules = broken.get(event.day) ?? new Set<string>();
    // Every rule the check found broken (rows from before `rules` existed name one).
    for (const rule of event.rules.length ? event.rules : [event.rule]) rules.add(RISK_RULE_NAMES[rule] ?? rule);
    broken.set(event.day, rules);
  }
  const stretches = stretchesOf(changes);
  // From the first rules (a breach without a log entry before it still counts), within the range.
  const earliest = [stretches[0] ? tradingDayOf(stretches[0].start) : null, ...broken.keys()].filter((d) => d !== null).sort()[0];
  if (!earliest) return [];
  const start = range.from !== null && range.from > earliest ? range.from : earliest;

  const days: RuleComplianceDay[] = [];
  for (let day = dayStart(start); day < end; day = day.plus({ days: 1 })) {
    const date = day.toISODate()!;
    const rules = broken.get(date);
    if (rules) {
      days.push({ date, status: 'broken', broken_rules: [...rules] });
      continue;
    }
    const from = day.toJSDate();
    const until = day.plus({ days: 1 }).toJSDate();
    if (stretches.some((s) => s.start < until && (s.end === null || s.end > from))) days.push({ date, status: 'kept', broken_rules: [] });
  }
  return days;
}


/**
 * GET /api/risk/compliance: the days from–to on one of the member's linked accounts (TradeDesk's
 * account filter), or across all of them. Another member's account answers 404 like a missing one.
 */
export async function getRuleCompliance(ctx: AppContext, userId: string, query: { from: string; to: string; account_id?: string | undefined }) {
  const accountId = query.account_id || null;
  if (accountId !== null) {
    const [account] = isUuid(accountId)
      ? await ctx.db
          .select({ id: tradingAccounts.id })
          .from(tradingAccounts)
          .where(and(eq(tradingAccounts.id, accountId), eq(tradingAccounts.userId, userId)))
      : [];
    if (!account) throw new AppError('not_found', 'Trading account not found.');
  }
  return { data: await ruleComplianceDays(ctx, userId, { from: query.from, to: query.to, accountId }) };
}
