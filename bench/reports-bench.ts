// Reports benchmark: `npx tsx bench/reports-bench.ts` (PostgreSQL at
// postgres://postgres@127.0.0.1:5432, or BENCH_DATABASE_URL pointing at its server).
// Creates a fresh database, applies the migrations, bulk-inserts a member with 100,000 trades
// (unnest of arrays, ten years, five instruments, some journaled) plus 20 other members with
// 5,000 each, then times GET /api/reports/performance's service for that member computing the
// report (cold): all time, this year, and one account. Target: ≤ 200 ms (median of 15 runs after
// 3 warm-ups). Then the real app over HTTP (one keep-alive connection) answers the same reports
// repeatedly for an unchanged member (warm: from memory): targets p50 ≤ 3 ms, p99 ≤ 10 ms; and
// the first answer after a journal edit (computed again). The server runs in its own process. Exits non-zero when a target is
// missed. The database is dropped at the end.
import pg from 'pg';
import { pino } from 'pino';
import { Pool } from 'undici';
import { openDatabase } from '../apps/server/src/db/client.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { sha256 } from '../apps/server/src/lib/secrets.ts';
import { uncachedPerformanceReport } from '../apps/server/src/modules/reports/performance.ts';
import { startBenchServer } from './support/bench-app.ts';
import { insertBenchMember } from './support/bench-member.ts';
import { percentile } from './support/percentile.ts';
import { tradeDataset } from './support/trade-dataset.ts';

const TARGET_MS = 200;
const WARM_P50_MS = 3;
const WARM_P99_MS = 10;
const WARM_RUNS = 500;
const TRADES = 100_000;
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `th_reports_bench_${process.pid}`;

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`create database "${name}"`);
const url = new URL(server);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString(), poolSize: 10 });

async function insertMember(email: string, count: number, seed: number): Promise<{ id: string; account: string }> {
  const member = await insertBenchMember(database, email, String(seed), tradeDataset(count, seed));
  // Journal one trade in twenty with a checklist and an emotion.
  await database.query(
    `insert into journal_trade_entries (user_id, date, trade_id, context, emotions, checklist, labels)
     select user_id, trade_date, id, '{"session":null,"marketCondition":null,"news":null}'::jsonb,
       jsonb_build_object('before', case when id % 2 = 0 then 'Calm' else 'Doubt' end, 'during', null, 'after', null),
       jsonb_build_object('planAligned', id % 3 <> 0, 'riskManaged', true, 'scalingRules', id % 5 = 0),
       case when id % 7 = 0 then array['A+ setup'] else '{}' end
     from trades where user_id = $1 and id % 20 = 0`,
    [member.id],
  );
  return member;
}

let exitCode = 0;
try {
  console.log(`database ${name}: migrating…`);
  await database.migrate();
  const t0 = performance.now();
  const member = await insertMember('bench@example.com', TRADES, 42);
  for (let i = 0; i < 20; i += 1) await insertMember(`other${i}@example.com`, 5_000, 100 + i);
  await database.exec('analyze');
  console.log(`inserted ${TRADES.toLocaleString('en-US')} + 100,000 trades in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const ctx = { db: database.db, database, log: pino({ level: 'silent' }), now: () => new Date('2026-01-15T15:00:00Z') } as unknown as AppContext;
  const cases: [string, Parameters<typeof uncachedPerformanceReport>[2]][] = [
    ['all time', {}],
    ['this year (2025)', { from: '2025-01-01', to: '2025-12-31' }],
    ['one account, all time', { account_id: member.account }],
  ];
  console.log('| report | trades | median | p95 |');
  console.log('|---|---|---|---|');
  for (const [label, query] of cases) {
    const times: number[] = [];
    let trades = 0;
    for (let run = 0; run < 18; run += 1) {
      const started = performance.now();
      const { data } = await uncachedPerformanceReport(ctx, member.id, query);
      const elapsed = performance.now() - started;
      trades = data.totals.trades;
      if (run >= 3) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.ceil(times.length * 0.95) - 1]!;
    console.log(`| ${label} | ${trades.toLocaleString('en-US')} | ${median.toFixed(0)} ms | ${p95.toFixed(0)} ms |`);
    if (median > TARGET_MS) exitCode = 1;
  }

  // Warm: the real app, the member's own token, one keep-alive connection.
  const token = `bench-reports-${process.pid}`;
  await database.query(
    `insert into api_tokens (user_id, token_hash, name, expires_at) values ($1, $2, 'bench', now() + interval '1 day')`,
    [member.id, sha256(token)],
  );
  const served = await startBenchServer(url.toString());
  const pool = new Pool(served.base, { connections: 1, pipelining: 1 });
  const get = async (query: Record<string, string>) => {
    const started = performance.now();
    const res = await pool.request({
      method: 'GET',
      path: `/api/reports/performance?${new URLSearchParams(query)}`,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    const body = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${body}`);
    return performance.now() - started;
  };
  console.log('');
  console.log('| report over HTTP | first answer | warm p50 | warm p99 | after a journal edit |');
  console.log('|---|---|---|---|---|');
  try {
    for (const [label, query] of cases) {
      const params = Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]));
      const first = await get(params);
      const times: number[] = [];
      for (let run = 0; run < WARM_RUNS; run += 1) times.push(await get(params));
      times.sort((a, b) => a - b);
      // A journal note on one trade: the report's journal breakdowns change, so it is computed again.
      await database.query(
        `update journal_trade_entries set labels = array['bench ' || $2::text] where id = (select min(id) from journal_trade_entries where user_id = $1)`,
        [member.id, label],
      );
      const afterEdit = await get(params);
      const p50 = percentile(times, 50);
      const p99 = percentile(times, 99);
      console.log(`| ${label} | ${first.toFixed(0)} ms | ${p50.toFixed(2)} ms | ${p99.toFixed(2)} ms | ${afterEdit.toFixed(0)} ms |`);
      if (p50 > WARM_P50_MS || p99 > WARM_P99_MS) exitCode = 1;
    }
  } finally {
    await pool.close();
    await served.stop();
  }
} finally {
  await database.close();
  if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
  else await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
if (exitCode) console.error(`A report missed its target (cold median ≤ ${TARGET_MS} ms, warm p50 ≤ ${WARM_P50_MS} ms and p99 ≤ ${WARM_P99_MS} ms).`);
process.exit(exitCode);
