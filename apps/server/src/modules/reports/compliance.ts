/**
 * GET /api/reports/compliance: the report's trading days split by the Risk Manager's verdict
 * (rules kept or broken, issue #22) with each side's day count, net P&L, average per day and
 * win rate of days. Its own small read of the report_days rollup (date and net of each day), so
 * the performance report's statements stay as they are.
 */
import { sql } from 'drizzle-orm';
import type { ComplianceDays, PerformanceReportQuery, RuleComplianceReport } from '@th/contracts';
import { fromCents, roundHalfUp, toCents, winRate } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/rows.ts';
import { ruleComplianceDays } from '../risk/index.ts';
import { accountFilterOf } from '../trades/index.ts';
import { accountKeyOf } from './scope.ts';

function figuresOf(nets: number[]): ComplianceDays {
  const cents = nets.map((net) => toCents(net) ?? 0);
  const total = cents.reduce((sum, c) => sum + c, 0);
  return {
    days: cents.length,
    net: fromCents(total),
    // Means of cents round as the journal's and the reports' others do.
    average_net: cents.length ? fromCents(roundHalfUp(total / cents.length, 0)) : null,
    winning_days: cents.filter((c) => c > 0).length,
    win_rate: winRate(nets),
  };
}

export async function ruleComplianceReport(
  ctx: AppContext,
  userId: string,
  query: PerformanceReportQuery,
): Promise<{ data: RuleComplianceReport }> {
  const from = query.from ?? null;
  const to = query.to ?? null;
  const filter = accountFilterOf(query.account_id || null);
  const key = accountKeyOf(query.account_id || null);
  // Rules protect linked accounts: the trades of an imported account label have none.
  if (filter.kind === 'label' || filter.kind === 'none' || key === null) return { data: { kept: figuresOf([]), broken: figuresOf([]) } };
  const [days, result] = await Promise.all([
    ruleComplianceDays(ctx, userId, { from, to, accountId: filter.kind === 'linked' ? filter.id : null }),
    ctx.db.execute(sql`select trade_date::text as date, (gross_win - gross_loss)::text as net from report_days
      where user_id = ${userId} and account_key = ${key} and trade_date is not null
        and ${from ? sql`trade_date >= ${from}` : sql`true`} and ${to ? sql`trade_date <= ${to}` : sql`true`}`),
  ]);
  const netOf = new Map(rowsOf<{ date: string; net: string }>(result).map((row) => [row.date, fromCents(toCents(row.net) ?? 0)]));
  const kept: number[] = [];
  const broken: number[] = [];
  for (const day of days) {
    const net = netOf.get(day.date);
    // A kept day counts when it was traded; a broken day always (a breach is trading, even
    // before its trades reach the journal).
    if (day.status === 'broken') broken.push(net ?? 0);
    else if (net !== undefined) kept.push(net);
  }
  return { data: { kept: figuresOf(kept), broken: figuresOf(broken) } };
}
