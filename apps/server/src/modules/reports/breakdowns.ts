/**
 * Breakdowns of a report: trades grouped by direction, §4.4 session, instrument, weekday and
 * hour of entry (Toronto), and by what the journal says about them (emotions, checklist,
 * tags): the trade's own fields in one pass of grouping sets, the journal from the journaled
 * trades only.
 */
import { sql, type SQL } from 'drizzle-orm';
import { hourLabel, SESSION_LABELS, WEEKDAY_KEYS, WEEKDAY_NAMES, luxonToWeekdayKey } from '@th/domain';
import type { BreakdownDimension, BreakdownRow } from '@th/contracts';
import { figuresOf, remainderOf } from './figures.ts';
import { FIGURE_COLUMNS, type FigureSums } from './scope.ts';

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

/**
 * Everything grouped in one pass over the scope: () is the totals, trade_date the daily
 * curve, the rest the breakdowns by the trade's own fields.
 */
export function groupedQuery(scoped: SQL): SQL {
  const dims: [string, string][] = [
    ['direction', 'f.side'],
    ['session', 'f.session'],
    ['instrument', 'f.instrument'],
    ['weekday', 'f.weekday::text'],
    ['hour', 'f.hour::text'],
    ['day', 'f.trade_date::text'],
  ];
  const raw = (text: string) => sql.raw(text);
  const column = (text: string) => text.split('::')[0]!;
  const dim = dims.map(([name, expr]) => sql`when grouping(${raw(column(expr))}) = 0 then ${raw(`'${name}'`)}`);
  const key = dims.map(([, expr]) => sql`when grouping(${raw(column(expr))}) = 0 then ${raw(expr)}`);
  return sql`${scoped}
    select case ${sql.join(dim, sql` `)} else 'total' end as dim,
      case ${sql.join(key, sql` `)} end as key,
      ${FIGURE_COLUMNS},
      max(f.net) filter (where f.net > 0)::text as largest_win,
      min(f.net) filter (where f.net < 0)::text as largest_loss,
      avg(f.r)::float8 as average_r,
      count(f.r)::int as trades_with_risk
    from f
    group by grouping sets ((), ${sql.join(
      dims.map(([, expr]) => sql`(${raw(column(expr))})`),
      sql`, `,
    )})`;
}

/** Journaled trades (a trade entry, or a day with tags) once per dimension value. */
export function journalQuery(scoped: SQL, userId: string): SQL {
  const checklist = CHECKLIST.map(
    ({ dim, field }) =>
      sql`select ${dim}::text, case when e.id is null then null
        when (e.checklist ->> ${field})::boolean then 'ticked' else 'not_ticked' end`,
  );
  return sql`${scoped}
    select d.dim, d.key, ${FIGURE_COLUMNS}
    from f
    left join journal_trade_entries e on e.user_id = ${userId} and e.trade_id = f.id
    left join journal_days j on j.user_id = ${userId} and j.date = f.trade_date and cardinality(j.tags) > 0
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
