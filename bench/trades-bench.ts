// Trade journal benchmark: `npx tsx bench/trades-bench.ts` (PostgreSQL at BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432; a fresh database is created and dropped).
// 1. 1,000,000 trades across 1,000 members, one holding 100,000 (bulk insert via unnest).
// 2. The real HTTP server (buildApp + listen on loopback, in its own process) answers the
//    heavy member's filtered first page of order-history to 50 concurrent connections
//    (target p99 ≤ 50 ms), and a month's day summaries (target ≤ 30 ms). Repeat views of one
//    page are answered from the server's memory while the member's trades are unchanged, so the
//    page is measured twice: the same page again and again, and a different one-year window on
//    every request (its count and rows computed each time).
import { startBenchServer } from './support/bench-app.ts';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Pool } from 'undici';
import { seededRandom } from '../packages/domain/src/random.ts';
import { percentile } from './support/percentile.ts';
import { migratedClient } from './support/scratch-schema.ts';

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const MEMBERS = 1_000;
const TOTAL_TRADES = 1_000_000;
const HEAVY_TRADES = 100_000;
const CONCURRENCY = 50;
const REQUESTS = 5_000;
const INSTRUMENTS = ['NAS100', 'US30', 'XAUUSD', 'GER40', 'SPX', 'BTCUSD'];
const TYPES = ['market', 'limit', 'stop'];
const HISTORY_DAYS = 4 * 365;
const NOW = Date.UTC(2026, 2, 18, 16, 0, 0);

const dbUrl = (name: string) => `${BASE_URL.replace(/\/$/, '')}/${name}`;
const torontoDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' });

async function seed(url: string) {
  const client = await migratedClient(url);
  const users = await client.query<{ id: string }>(
    `insert into users (email, first_name, last_name)
     select 'bench' || n || '@example.com', 'Bench', 'Member ' || n from generate_series(1, $1) n returning id`,
    [MEMBERS],
  );
  const ids = users.rows.map((row) => row.id);
  await client.query(
    `insert into subscriptions (user_id, vendor, plan_key, plan_name, status)
     select unnest($1::uuid[]), 'internal', 'trader', 'Trader', 'active'`,
    [ids],
  );
  const heavy = ids[0]!;
  const accounts = await client.query<{ id: string }>(
    `insert into trading_accounts (user_id, environment, broker_account_id, name)
     values ($1, 'live', '1001', 'Apex Live'), ($1, 'demo', '2002', 'Apex Demo') returning id`,
    [heavy],
  );
  const { randomBytes } = await import('node:crypto');
  const { sha256 } = await import('../apps/server/src/lib/secrets.ts');
  const token = randomBytes(32).toString('hex');
  await client.query(
    `insert into api_tokens (user_id, token_hash, name, expires_at) values ($1, $2, 'bench', now() + interval '1 day')`,
    [heavy, sha256(token)],
  );

  const rand = seededRandom(42);
  const started = performance.now();
  const BATCH = 50_000;
  let written = 0;
  const owners: string[] = [];
  for (let i = 0; i < HEAVY_TRADES; i += 1) owners.push(heavy);
  for (let i = 0; owners.length < TOTAL_TRADES; i += 1) owners.push(ids[1 + (i % (MEMBERS - 1))]!);
  while (written < TOTAL_TRADES) {
    const size = Math.min(BATCH, TOTAL_TRADES - written);
    const cols = {
      user: [] as string[], account: [] as (string | null)[], source: [] as string[], position: [] as (string | null)[],
      instrument: [] as string[], side: [] as string[], type: [] as string[], quantity: [] as string[],
      entry: [] as string[], exit: [] as string[], entryPrice: [] as string[], exitPrice: [] as string[],
      fee: [] as string[], gross: [] as string[], net: [] as string[], label: [] as string[], date: [] as string[],
    };
    for (let k = 0; k < size; k += 1) {
      const n = written + k;
      const user = owners[n]!;
      const linked = rand() < 0.9;
      const account = user === heavy && linked ? accounts.rows[n % 2]!.id : null;
      const entry = NOW - Math.floor(rand() * HISTORY_DAYS) * 86_400_000 - Math.floor(rand() * 7 * 3_600_000);
      const exit = entry + (1 + Math.floor(rand() * 90)) * 60_000;
      const price = 1000 + rand() * 20_000;
      const gross = (rand() - 0.45) * 400;
      cols.user.push(user);
      cols.account.push(account);
      cols.source.push(account || (linked && user !== heavy) ? 'linked' : 'manual');
      cols.position.push(account ? `P${n}` : null);
      cols.instrument.push(INSTRUMENTS[Math.floor(rand() * INSTRUMENTS.length)]!);
      cols.side.push(rand() < 0.5 ? 'buy' : 'sell');
      cols.type.push(TYPES[Math.floor(rand() * TYPES.length)]!);
      cols.quantity.push(String(1 + Math.floor(rand() * 4)));
      cols.entry.push(new Date(entry).toISOString());
      cols.exit.push(new Date(exit).toISOString());
      cols.entryPrice.push(price.toFixed(2));
      cols.exitPrice.push((price + gross / 2).toFixed(2));
      cols.fee.push('1.50');
      cols.gross.push(gross.toFixed(2));
      cols.net.push((gross - 1.5).toFixed(2));
      cols.label.push(account ? 'Apex Live' : 'Manual');
      cols.date.push(torontoDate.format(new Date(exit)));
    }
    await client.query(
      `insert into trades (user_id, trading_account_id, source, broker_position_id, instrument, side, type, quantity,
         entry_time, exit_time, entry_price, exit_price, fee, gross_pnl, net_pnl, account_label, trade_date)
       select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::numeric[], $9::timestamptz[], $10::timestamptz[], $11::numeric[], $12::numeric[], $13::numeric[],
         $14::numeric[], $15::numeric[], $16::text[], $17::date[])`,
      [cols.user, cols.account, cols.source, cols.position, cols.instrument, cols.side, cols.type, cols.quantity,
        cols.entry, cols.exit, cols.entryPrice, cols.exitPrice, cols.fee, cols.gross, cols.net, cols.label, cols.date],
    );
    written += size;
  }
  const insertSeconds = (performance.now() - started) / 1000;
  await client.query('vacuum analyze trades');
  await client.end();
  return { token, insertSeconds };
}

/**
 * `requests` GETs over `concurrency` keep-alive connections (an undici pool, as the load suite's
 * generator uses: fetch's own overhead in this process would share the cores with the server).
 */
async function load(base: string, token: string, pathOf: string | ((n: number) => string), requests: number, concurrency: number) {
  const pool = new Pool(base, { connections: concurrency, pipelining: 1 });
  const latencies: number[] = [];
  let next = 0;
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const worker = async () => {
    while (next < requests) {
      next += 1;
      const path = typeof pathOf === 'string' ? pathOf : pathOf(next);
      const started = performance.now();
      const res = await pool.request({ method: 'GET', path, headers });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${text}`);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), rps: requests / seconds };
}

async function main() {
  // BENCH_KEEP=1 keeps the database (and its token in /tmp) so BENCH_DB=<name> can rerun the
  // HTTP measurements on it after a schema change without seeding again.
  const reuse = process.env.BENCH_DB;
  const name = reuse ?? `th_bench_trades_${Date.now()}`;
  const admin = new pg.Client({ connectionString: dbUrl('postgres') });
  await admin.connect();
  if (!reuse) await admin.query(`create database "${name}"`);
  const url = dbUrl(name);
  const { readFileSync, writeFileSync } = await import('node:fs');
  let server: Awaited<ReturnType<typeof startBenchServer>> | null = null;
  try {
    let token: string;
    if (reuse) {
      const { openDatabase } = await import('../apps/server/src/db/client.ts');
      const database = await openDatabase({ url, poolSize: 1 });
      await database.migrate();
      await database.exec('vacuum analyze trades');
      await database.close();
      token = readFileSync(`/tmp/${name}.token`, 'utf8');
      console.log(`Reusing ${name} (migrated, vacuumed).`);
    } else {
      console.log(`Seeding ${TOTAL_TRADES.toLocaleString()} trades across ${MEMBERS} members into ${name}…`);
      const seeded = await seed(url);
      token = seeded.token;
      console.log(`  bulk insert (unnest, with indexes): ${seeded.insertSeconds.toFixed(1)} s`);
      if (process.env.BENCH_KEEP === '1') writeFileSync(`/tmp/${name}.token`, token);
    }

    server = await startBenchServer(url);
    const base = server.base;

    const filtered = '/api/trades/order-history?per_page=50&page=1&instrument=nas&side=buy&entry_from=2025-03-18&entry_to=2026-03-18';
    const month = '/api/trades/day-summaries?from=2026-02-01&to=2026-02-28';
    // A one-year window ending n days before the bench's "now": no two requests share a page.
    const windowOf = (n: number) => {
      const end = new Date(NOW - (n % 1_400) * 86_400_000);
      const start = new Date(end.getTime() - 365 * 86_400_000);
      const day = (d: Date) => d.toISOString().slice(0, 10);
      return `/api/trades/order-history?per_page=50&page=1&instrument=nas&side=buy&entry_from=${day(start)}&entry_to=${day(end)}`;
    };
    await load(base, token, filtered, 500, CONCURRENCY); // warm-up
    const history = await load(base, token, filtered, REQUESTS, CONCURRENCY);
    const historySingle = await load(base, token, filtered, 500, 1);
    const distinct = await load(base, token, windowOf, 1_000, CONCURRENCY);
    const distinctSingle = await load(base, token, (n) => windowOf(n + 1_000), 200, 1);
    await load(base, token, month, 100, 1);
    const summaries = await load(base, token, month, 500, 1);
    const summaries50 = await load(base, token, month, REQUESTS, CONCURRENCY);
    const row = (label: string, r: Awaited<ReturnType<typeof load>>, target: string) =>
      `| ${label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rps.toFixed(0)} | ${target} |`;
    console.log('\n| measurement | p50 ms | p95 ms | p99 ms | req/s | target |\n|---|---|---|---|---|---|');
    console.log(row(`order-history, filtered first page, ${CONCURRENCY} connections`, history, 'p99 ≤ 50 ms'));
    console.log(row('order-history, filtered first page, 1 connection', historySingle, '—'));
    console.log(row(`order-history, a different window each request, ${CONCURRENCY} connections`, distinct, '—'));
    console.log(row('order-history, a different window each request, 1 connection', distinctSingle, '—'));
    console.log(row('day summaries, one month, 1 connection', summaries, '≤ 30 ms'));
    console.log(row(`day summaries, one month, ${CONCURRENCY} connections`, summaries50, '—'));
  } finally {
    await server?.stop();
    if (process.env.BENCH_KEEP === '1' || reuse) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

await main();
