/**
 * Breakdowns of a report: trades grouped by direction, §4.4 session, instrument, weekday and
 * hour of entry (Toronto), and by what the journal says about them (emotions, checklist,
 * tags). The trade's own fields come from the report_months rollup for the whole months of
 * the period and from the trades of its partial months; the journal from the journaled trades.
 */
import { sql, type SQL } from 'drizzle-orm';
import { hourLabel, SESSION_LABELS, WEEKDAY_KEYS, WEEKDAY_NAMES, luxonToWeekdayKey } from '@th/domain';
import type { BreakdownDimension, BreakdownRow } from '@th/contracts';
import { figuresOf, remainderOf } from './figures.ts';
import {
  accountKeyOf,
  FIGURE_COLUMNS,
  journaledTrades,
  monthSplit,
  scopeConditions,
  type FigureSums,
  type ReportScope,
} from './scope.ts';

type GroupRow = FigureSums & { dim: BreakdownDimension; key: string | null };

const CHECKLIST: readonly { dim: BreakdownDimension; field: string }[] = [
  { dim: 'plan_aligned', field: 'planAligned' },
  { dim: 'risk_managed', field: 'riskManaged' },
  { dim: 'scaling_rules', field: 'scalingRules' },
];

const CHECKLIST_LABELS: Record<string, string> = {
  ticked: 'Ticked',
  not_ticked: 'Not ticked',
  not_journaled: 'Not journaled',
};

const SUMS = sql.raw('trades, wins, losses, gross_win, gross_loss, own_r_sum, own_r_count, point_r_sum, point_r_count');

/** The rollup's rows of the whole months in scope. */
function wholeMonths(scope: ReportScope, months: { from: string | null; to: string | null }): SQL {
  const key = accountKeyOf(scope.accountId);
  return sql`select dim, key, ${SUMS} from report_months m
    where m.user_id = ${scope.userId}
      and ${key === '*' ? sql`true` : key === null ? sql`false` : sql`m.account_key = ${key}`}
      and ${months.from ? sql`m.month >= ${months.from}` : sql`true`}
      and ${months.to ? sql`m.month <= ${months.to}` : sql`true`}`;
}

/** The same sums from the trades of the partial months, grouped as the rollup's trigger does. */
function partialMonths(scope: ReportScope, edges: readonly { from: string; to: string }[]): SQL {
  const days = sql.join(
    edges.map((edge) => sql`t.trade_date between ${edge.from} and ${edge.to}`),
    sql` or `,
  );
  return sql`select
      case when grouping(t.side) = 0 then 'direction' when grouping(f.session) = 0 then 'session'
        when grouping(t.instrument) = 0 then 'instrument' when grouping(f.weekday) = 0 then 'weekday'
        else 'hour' end as dim,
      case when grouping(t.side) = 0 then t.side when grouping(f.session) = 0 then f.session
        when grouping(t.instrument) = 0 then t.instrument when grouping(f.weekday) = 0 then f.weekday::text
        else f.hour::text end as key,
      count(*)::int as trades, (count(*) filter (where t.net_pnl > 0))::int as wins,
      (count(*) filter (where t.net_pnl < 0))::int as losses,
      coalesce(sum(t.net_pnl) filter (where t.net_pnl > 0), 0) as gross_win,
      coalesce(-sum(t.net_pnl) filter (where t.net_pnl < 0), 0) as gross_loss,
      coalesce(sum(f.own_r), 0) as own_r_sum, count(f.own_r)::int as own_r_count,
      coalesce(sum(f.point_r), 0) as point_r_sum, count(f.point_r)::int as point_r_count
    from trades t cross join lateral trade_report_facts(t) f
    where ${scopeConditions(scope)} and (${days})
    group by grouping sets ((t.side), (f.session), (t.instrument), (f.weekday), (f.hour))`;
}

/**
 * The breakdowns by the trade's own fields, plus one 'risk' row with the average R and the
 * trades it covers: the instrument rows' own R plus their point R divided by the instrument's
 * value per point (instruments the shared table does not know have no R).
 */
export function breakdownQuery(scope: ReportScope, valuePerPoint: SQL): SQL {
  const split = monthSplit(scope.from, scope.to);
  // A period always has whole months or partial ones (or both).
  const parts = [
    ...(split.months ? [wholeMonths(scope, split.months)] : []),
    ...(split.edges.length > 0 ? [partialMonths(scope, split.edges)] : []),
  ];
  return sql`with
    g as (
      select dim, key, sum(trades)::int as trades, sum(wins)::int as wins, sum(losses)::int as losses,
        sum(gross_win) as gross_win, sum(gross_loss) as gross_loss, sum(own_r_sum) as own_r_sum,
        sum(own_r_count)::int as own_r_count, sum(point_r_sum) as point_r_sum, sum(point_r_count)::int as point_r_count
      from (${sql.join(parts, sql` union all `)}) as r(dim, key, ${SUMS})
      where key is not null
      group by dim, key
    ),
    risk as (
      select coalesce(sum(g.own_r_count), 0) + coalesce(sum(g.point_r_count) filter (where v.per_point is not null), 0) as trades,
        coalesce(sum(g.own_r_sum), 0) + coalesce(sum(g.point_r_sum / v.per_point) filter (where v.per_point is not null), 0) as r
      from g left join ${valuePerPoint} as v(instrument, per_point) on v.instrument = g.key
      where g.dim = 'instrument'
    )
    select dim, key, trades, wins, losses, gross_win::text, gross_loss::text, null::float8 as average_r
    from g
    union all
    select 'risk', null, trades::int, 0, 0, '0', '0', (r / nullif(trades, 0))::float8 from risk`;
}

/** Journaled trades (a trade entry, or a day with tags) once per dimension value. */
export function journalQuery(scope: ReportScope): SQL {
  const checklist = CHECKLIST.map(
    ({ dim, field }) =>
      sql`select ${dim}::text, case when e.id is null then null
        when (e.checklist ->> ${field})::boolean then 'ticked' else 'not_ticked' end`,
  );
  return sql`${journaledTrades(scope)}
    select d.dim, d.key, ${FIGURE_COLUMNS}
    from f
    left join journal_trade_entries e on e.user_id = ${scope.userId} and e.trade_id = f.id
    left join journal_days j on j.user_id = ${scope.userId} and j.date = f.trade_date and cardinality(j.tags) > 0
    cross join lateral (
      select 'emotion_before'::text as dim, nullif(e.emotions ->> 'before', '') as key
      union all select 'emotion_during', nullif(e.emotions ->> 'during', '')
      union all select 'emotion_after', nullif(e.emotions ->> 'after', '')
      union all ${sql.join(checklist, sql` union all `)}
      union all select distinct 'tag', nullif(trim(tag), '')
        from unnest(coalesce(e.labels, '{}') || coalesce(j.tags, '{}')) as tag
    ) d
    where d.key is not null
    group by d.dim, d.key`;
}

function labelOf(dim: BreakdownDimension, key: string): string {
  switch (dim) {
    case 'direction':
      return key === 'sell' ? 'Short' : 'Long';
    case 'weekday': {
      const weekday = luxonToWeekdayKey(Number(key));
      return weekday ? WEEKDAY_NAMES[weekday] : key;
    }
    case 'hour':
      return hourLabel(Number(key));
    case 'plan_aligned':
    case 'risk_managed':
    case 'scaling_rules':
      return CHECKLIST_LABELS[key] ?? key;
    default:
      return key;
  }
}

/** Natural order per dimension: long first, sessions and weekdays in day order, the rest by trades. */
function orderOf(dim: BreakdownDimension, key: string): number {
  if (dim === 'direction') return key === 'buy' ? 0 : 1;
  if (dim === 'session') return SESSION_LABELS.indexOf(key as (typeof SESSION_LABELS)[number]);
  if (dim === 'weekday') return WEEKDAY_KEYS.indexOf(luxonToWeekdayKey(Number(key)) ?? 'mon');
  if (dim === 'hour') return Number(key);
  if (dim in { plan_aligned: 1, risk_managed: 1, scaling_rules: 1 }) return Object.keys(CHECKLIST_LABELS).indexOf(key);
  return 0;
}

const EMPTY: Record<BreakdownDimension, BreakdownRow[]> = {
  direction: [],
  session: [],
  instrument: [],
  weekday: [],
  hour: [],
  emotion_before: [],
  emotion_during: [],
  emotion_after: [],
  plan_aligned: [],
  risk_managed: [],
  scaling_rules: [],
  tag: [],
};

export type GroupedRow = FigureSums & { dim: string; key: string | null };

/** The breakdowns from the grouped rows and the journal's rows of one report. */
export function assembleBreakdowns(
  grouped: readonly GroupedRow[],
  journal: readonly GroupedRow[],
  totals: FigureSums,
): Record<BreakdownDimension, BreakdownRow[]> {
  const known = new Set<string>(Object.keys(EMPTY));
  const rows = [...grouped, ...journal].filter(
    (row): row is GroupRow & { key: string } => row.key !== null && known.has(row.dim),
  );
  // Trades with no checklist answer: everything in scope minus the ticked and unticked ones.
  for (const { dim } of CHECKLIST) {
    const answered = rows.filter((row) => row.dim === dim);
    const rest = remainderOf(totals, answered);
    if (Number(rest.trades) > 0) rows.push({ ...rest, dim, key: 'not_journaled' });
  }
  const result = structuredClone(EMPTY);
  for (const row of rows) {
    result[row.dim].push({ key: row.key, label: labelOf(row.dim, row.key), ...figuresOf(row) });
  }
  for (const dim of Object.keys(result) as BreakdownDimension[]) {
    result[dim].sort((a, b) => orderOf(dim, a.key) - orderOf(dim, b.key) || b.trades - a.trades || a.label.localeCompare(b.label));
  }
  return result;
}
