/**
 * GET /api/reports/playbooks (issue #24): the period's journaled trades by playbook, by whether
 * every rule of their playbook was followed, and by the trade's own tags, with the report's
 * figures (win/loss/flat by net, @th/domain's formulas) and the mean R of the trades whose risk
 * is known (the same R as the report's: the trade's own, else its point risk over the
 * instrument's value per point).
 */
import { sql } from 'drizzle-orm';
import type { PerformanceReportQuery, PlaybookReport, PlaybookReportRow } from '@th/contracts';
import type { AppContext, AuthContext } from '../../context.ts';
import { rowsOf } from '../../db/rows.ts';
import { journaledAnswers } from '../trades/index.ts';
import { figuresOf } from './figures.ts';
import { FIGURE_COLUMNS, scopeConditions, valuePerPointTable, type FigureSums, type ReportScope } from './scope.ts';

type Dim = 'playbook' | 'rules' | 'tag';
type Row = FigureSums & { dim: Dim; key: string; label: string; r_sum: number; r_count: number };

const RULE_LABELS: Record<string, string> = { all_followed: 'All rules followed', some_missed: 'Some rules missed' };

async function groupedRows(ctx: AppContext, scope: ReportScope): Promise<Row[]> {
  const perPoint = await valuePerPointTable(ctx.db, scope.userId);
  // Driven from the member's journal entries (an id array, as journaledTrades: joined, the
  // planner would hash all the member's trades).
  const result = await ctx.db.execute(sql`with f as (
      select t.id, t.net_pnl as net, e.playbook_id, e.rules_followed, e.labels,
        coalesce(x.own_r, x.point_r / v.per_point) as r
      from trades t
      join journal_trade_entries e on e.user_id = ${scope.userId} and e.trade_id = t.id
      cross join lateral trade_report_facts(t) x
      left join ${perPoint} as v(instrument, per_point) on v.instrument = t.instrument
      where t.id = any(array(
        select j.trade_id from journal_trade_entries j
        where j.user_id = ${scope.userId} and (j.playbook_id is not null or cardinality(j.labels) > 0)
      ))
        and ${scopeConditions(scope)}
    )
    select d.dim, d.key, min(d.label) as label, ${FIGURE_COLUMNS},
      coalesce(sum(f.r), 0)::float8 as r_sum, count(f.r)::int as r_count
    from f
    left join playbooks p on p.user_id = ${scope.userId} and p.id = f.playbook_id
    cross join lateral (
      select 'playbook'::text as dim, p.id::text as key, p.name as label where p.id is not null
      union all
      select 'rules', case when coalesce(
          (select bool_and(rule ->> 'id' = any(f.rules_followed)) from jsonb_array_elements(p.rules) rule), true)
        then 'all_followed' else 'some_missed' end, null
      where p.id is not null
      union all
      select distinct 'tag', lower(trim(tag)), trim(tag) from unnest(f.labels) tag where trim(tag) <> ''
    ) d
    group by d.dim, d.key`);
  return rowsOf<Row>(result);
}

function rowOf(row: Row): PlaybookReportRow {
  const count = Number(row.r_count);
  const label = row.dim === 'rules' ? (RULE_LABELS[row.key] ?? row.key) : row.label;
  return {
    key: row.key,
    label,
    ...figuresOf(row),
    average_r: count > 0 ? Math.round((Number(row.r_sum) / count) * 100) / 100 : null,
    trades_with_risk: count,
  };
}

const byTrades = (a: PlaybookReportRow, b: PlaybookReportRow) => b.trades - a.trades || a.label.localeCompare(b.label);

export async function uncachedPlaybookReport(ctx: AppContext, userId: string, query: PerformanceReportQuery): Promise<{ data: PlaybookReport }> {
  const scope: ReportScope = { userId, from: query.from ?? null, to: query.to ?? null, accountId: query.account_id || null };
  const rows = await groupedRows(ctx, scope);
  const of = (dim: Dim) => rows.filter((row) => row.dim === dim).map(rowOf);
  return {
    data: {
      playbooks: of('playbook').sort(byTrades),
      rules: of('rules').sort((a, b) => Object.keys(RULE_LABELS).indexOf(a.key) - Object.keys(RULE_LABELS).indexOf(b.key)),
      tags: of('tag').sort(byTrades),
    },
  };
}

/** Kept while the member's trades, journal and playbooks stay as they are (playbook writes bump the journal revision). */
export function playbookReport(ctx: AppContext, auth: AuthContext, query: PerformanceReportQuery): Promise<{ data: PlaybookReport }> {
  const key = `playbooks ${query.from ?? ''} ${query.to ?? ''} ${query.account_id ?? ''}`;
  return journaledAnswers(ctx, auth).through(
    key,
    () => uncachedPlaybookReport(ctx, auth.userId, query),
    ({ data }) => 1 + data.playbooks.length + data.rules.length + data.tags.length,
  );
}
