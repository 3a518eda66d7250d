/**
 * The account filter every trade screen offers (trade log, TradeDesk, reports), read one way.
 * Its value is a linked account's id, or `label:{name}` for trades tied to no linked account
 * (manual ones, imports whose account was never linked here), grouped by their label as a
 * pseudo account; `label:` alone is the trades without a label. Anything else matches nothing.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { isUuid } from '../../lib/ids.ts';

export const LABEL_ACCOUNT_PREFIX = 'label:';

export type AccountFilter =
  | { kind: 'all' }
  | { kind: 'linked'; id: string }
  | { kind: 'label'; label: string | null }
  | { kind: 'none' };

export function accountFilterOf(accountId: string | null | undefined): AccountFilter {
  if (!accountId) return { kind: 'all' };
  if (accountId.startsWith(LABEL_ACCOUNT_PREFIX)) return { kind: 'label', label: accountId.slice(LABEL_ACCOUNT_PREFIX.length) || null };
  return isUuid(accountId) ? { kind: 'linked', id: accountId.toLowerCase() } : { kind: 'none' };
}

/** The filter as a condition on a trades row whose two account columns are given. */
export function accountFilterSql(filter: AccountFilter, columns: { account: SQLWrapper; label: SQLWrapper }): SQL {
  switch (filter.kind) {
    case 'all':
      return sql`true`;
    case 'none':
      return sql`false`;
    case 'linked':
      return sql`${columns.account} = ${filter.id}::uuid`;
    case 'label':
      return filter.label === null
        ? sql`${columns.account} is null and ${columns.label} is null`
        : sql`${columns.account} is null and ${columns.label} = ${filter.label}`;
  }
}

/**
 * One loose index scan over a member's journal trades (not bot runs) as a recursive CTE named
 * `name`: each distinct value of `column` costs one index probe, not a pass over all the
 * member's trades. `extra` narrows both probes (a condition on trades' own columns).
 */
export function looseIndexScan(name: string, column: string, userId: string, extra: SQL = sql``): SQL {
  const [cte, col] = [sql.identifier(name), sql.identifier(column)];
  return sql`${cte} as (
      (select ${col} as value from trades
        where user_id = ${userId}::uuid and source <> 'bot' and ${col} is not null ${extra}
        order by ${col} limit 1)
      union all
      select (select ${col} from trades
        where user_id = ${userId}::uuid and source <> 'bot' and ${col} > ${cte}.value ${extra}
        order by ${col} limit 1)
      from ${cte} where ${cte}.value is not null)`;
}
