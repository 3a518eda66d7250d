/**
 * The trade rules SQL needs, generated from their one definition in @th/domain: the report
 * rollups (migrations 0002, 0005) group trades by Toronto session and hour in the database, so
 * the zone and the §4.4 session bounds are installed as SQL functions at boot from
 * TRADE_TIME_ZONE and TRADING_SESSIONS instead of being typed again in a migration. When the
 * definition changes, the next boot replaces the functions and rebuilds every rollup in the
 * same transaction, so reports never mix the old sessions with the new.
 */
import { createHash } from 'node:crypto';
import { TRADE_TIME_ZONE, TRADING_SESSIONS } from '@th/domain';

const minuteOf = (time: { hour: number; minute: number }) => time.hour * 60 + time.minute;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

function sessionCase(): string {
  const arms = TRADING_SESSIONS.map((session) => {
    const [from, last] = [minuteOf(session.start), minuteOf(session.last)];
    // A session past midnight (the Asian Range) wraps around the day.
    const inside = from <= last ? `minute between ${from} and ${last}` : `minute >= ${from} or minute <= ${last}`;
    return `when ${inside} then ${literal(session.label)}`;
  });
  return `case ${arms.join(' ')} end`;
}

const FUNCTIONS = `
CREATE OR REPLACE FUNCTION trade_time_zone() RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ select ${literal(TRADE_TIME_ZONE)}::text $$;
CREATE OR REPLACE FUNCTION trade_session(minute integer) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ select ${sessionCase()} $$;`;

/** Which generated definition a database holds. */
export const DOMAIN_SQL_DIGEST = createHash('sha256').update(FUNCTIONS).digest('hex').slice(0, 16);

/**
 * Installs the generated functions unless the database already has this version. `run`
 * executes several statements in one call (the caller holds the migration lock).
 */
export async function installDomainSql(run: (text: string) => Promise<Record<string, unknown>[]>): Promise<boolean> {
  const [installed] = await run('select domain_sql_digest() as digest');
  if (installed?.digest === DOMAIN_SQL_DIGEST) return false;
  await run(`begin;
${FUNCTIONS}
CREATE OR REPLACE FUNCTION domain_sql_digest() RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ select ${literal(DOMAIN_SQL_DIGEST)}::text $$;
-- Every rollup was computed with the previous definition.
SELECT report_rollup_rebuild(array_agg(user_id), array_agg(trade_date))
FROM (SELECT DISTINCT user_id, trade_date FROM trades WHERE source <> 'bot') c;
commit;`);
  return true;
}
