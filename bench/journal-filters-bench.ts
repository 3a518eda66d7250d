// Journal filters benchmark (issue #24): `npx tsx bench/journal-filters-bench.ts [--trades 100000] [--requests 5000] [--seconds 5]
// [--only TEXT] [--again]` (only the rows whose label holds TEXT, e.g. `--only 'playbook, a different'` to profile one;
// --first-walk times only each filter's first walk, its distinct pages asked once 50 at a time;
// --again measures each filter's different-page row a second time right after it, on the same server: its
// pages' trades then all kept, so the figure is a page joined from memory without the row's first reads)
// (PostgreSQL at BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a
// fresh database is created and dropped, BENCH_KEEP=1 keeps it; `--database NAME` runs again on
// a kept one, migrated to the code's schema but not seeded again).
// Seeds the benches' heavy member (trade-dataset.ts, 100,000 trades by default) and 20 other
// members with a twentieth of that each, then by SQL: ten playbooks per member and a journal
// entry on one trade in two, under one of the playbooks (one in ten entries has none) and with
// one or two of ten tags. The real app (its own process) answers the trade log page
// (GET /api/trades/order-history, 50 a page) filtered by playbook and by tag to 50 keep-alive
// connections from wrk (support/wrk-load.ts), each case for --seconds (after a warm-up that walks
// another member's filtered pages: the read path compiled, none of the member's trades read). Target: p99 ≤ 50 ms. Filtered answers are kept in the server's memory while the
// member's trades and journal are unchanged, so each filter is measured twice: the same page
// again and again, and a different page (page number × playbook or tag) on every request, each
// computed by the database. Exits non-zero when a target is missed. Each row also says what a
// request cost the server process and the database's backends in CPU (from /proc, PostgreSQL on
// this machine), a figure a noisy machine moves less than the latencies; a last row, no target,
// pages the unfiltered log.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { sha256 } from '../apps/server/src/lib/secrets.ts';
import { startBenchServer } from './support/bench-app.ts';
import { insertBenchMember } from './support/bench-member.ts';
import { percentile } from './support/percentile.ts';
import { benchToken, loadAverage } from './support/scratch-schema.ts';
import { tradeDataset } from './support/trade-dataset.ts';
import { wrkLoad } from './support/wrk-load.ts';

const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
};
const TRADES = Number(option('trades') ?? 100_000);
/** Distinct requests in each case's list (wrk cycles it), and its seconds of load. */
const REQUESTS = Number(option('requests') ?? 5_000);
const SECONDS = Number(option('seconds') ?? 5);
const ONLY = option('only');
const AGAIN = process.argv.includes('--again');
const FIRST_WALK = process.argv.includes('--first-walk');
const CONNECTIONS = 50;
const TARGET_P99_MS = 50;
const PLAYBOOKS = 10;
const BENCH_TAGS = ['A+ setup', 'FOMO', 'Breakout', 'Reversal', 'News', 'Late entry', 'Scaled', 'Revenge', 'Patient', 'Gap fill'];

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const kept = option('database');
const name = kept ?? `th_journal_filters_bench_${process.pid}`;

/**
 * Ten playbooks for the member and a journal entry on one trade in two: nine in ten under a
 * playbook (by trade id), each with one tag, one in three with a second.
 */
async function seedJournal(database: { query: (sql: string, params?: unknown[]) => Promise<unknown> }, userId: string) {
  await database.query(
    `insert into playbooks (user_id, name, rules)
     select $1, 'Setup ' || n, jsonb_build_array(jsonb_build_object('id', 'r1', 'text', 'Wait for the retest'))
     from generate_series(1, ${PLAYBOOKS}) n`,
    [userId],
  );
  await database.query(
    `with books as (select array_agg(id order by id) as ids from playbooks where user_id = $1)
     insert into journal_trade_entries (user_id, date, trade_id, context, emotions, checklist, labels, playbook_id)
     select t.user_id, t.trade_date, t.id, '{"session":null,"marketCondition":null,"news":null}'::jsonb,
       '{"before":null,"during":null,"after":null}'::jsonb,
       '{"planAligned":true,"riskManaged":true,"scalingRules":false}'::jsonb,
       case when t.id % 3 = 0 then array[($2::text[])[1 + t.id % 10], ($2::text[])[1 + (t.id / 10) % 10]]
            else array[($2::text[])[1 + t.id % 10]] end,
       case when t.id % 10 = 5 then null else books.ids[1 + (t.id / 2) % ${PLAYBOOKS}] end
     from trades t, books where t.user_id = $1 and t.id % 2 = 0`,
    [userId, BENCH_TAGS],
  );
}

/**
 * GETs of `pathOf(1)` … `pathOf(requests)` in turn from wrk over `connections` keep-alive
 * connections for `seconds` (the list starts again when it runs out); rows/page from the list's
 * first 20 pages, asked once before.
 */
async function load(base: string, token: string, pathOf: (n: number) => string, requests: number, connections: number, seconds: number) {
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const paths = Array.from({ length: requests }, (_, n) => pathOf(n + 1));
  const sample = paths.slice(0, 20);
  let rows = 0;
  for (const path of sample) rows += ((await fetch(`${base}${path}`, { headers }).then((r) => r.json())) as { data: unknown[] }).data.length;
  const r = await wrkLoad({ base, requests: paths.map((path) => ({ method: 'GET', path, headers })), connections, seconds });
  return { ...r, rows: rows / sample.length };
}

/**
 * A filter's first walk alone: each distinct request of the row's list asked once, `connections`
 * at a time (Node's fetch; a few hundred requests, so the client's CPU matters little), as the
 * row's first pass asks them. Its latencies and wall time: in a wrk row of tens of thousands of
 * requests this pass is under 1 % and its tail is diluted into the row's p99.
 */
async function firstWalk(base: string, token: string, pathOf: (n: number) => string, requests: number, connections: number) {
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const paths = [...new Set(Array.from({ length: requests }, (_, n) => pathOf(n + 1)))];
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        const sent = performance.now();
        const res = await fetch(`${base}${path}`, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${path} answered ${res.status}`);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const wall = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return { pages: paths.length, wall, p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), max: latencies.at(-1)! };
}

/** A process's CPU time in ms (user + system, /proc), 0 once it is gone. Clock ticks are 1/100 s on Linux. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU spent by the server process and by the PostgreSQL backends of the bench database (when the
 * database runs on this machine) between two calls: per request, it says what a page costs the
 * cores whatever else the machine runs. A backend that ends between the calls is not counted.
 */
async function cpuMeter(serverPid: number) {
  const backends = async () =>
    new Map(
      (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name])).rows.map((row) => [row.pid, cpuMs(row.pid)]),
    );
  const server = cpuMs(serverPid);
  const before = await backends();
  return async (requests: number) => {
    const after = await backends();
    let database = 0;
    for (const [pid, ms] of after) database += ms - (before.get(pid) ?? 0);
    return { server: (cpuMs(serverPid) - server) / requests, database: database / requests };
  };
}

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
if (!kept) await admin.query(`create database "${name}"`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString(), poolSize: 4 });
let failed = false;
try {
  await database.migrate();
  const started = performance.now();
  if (!kept) {
    const heavy = await insertBenchMember(database, 'journal-bench@example.com', '424242', tradeDataset(TRADES, 42));
    await seedJournal(database, heavy.id);
    for (let i = 0; i < 20; i += 1) {
      const other = await insertBenchMember(database, `journal-other${i}@example.com`, String(5000 + i), tradeDataset(Math.ceil(TRADES / 20), 100 + i));
      await seedJournal(database, other.id);
    }
  }
  await database.exec('vacuum analyze');
  /** A seeded member by e-mail, signed in with a fresh API token, and their playbooks' ids. */
  const member = async (email: string, tokenName: string) => {
    const [user] = await database.query<{ id: string }>('select id from users where email = $1', [email]);
    if (!user) throw new Error(`${name} holds no ${email}`);
    const token = benchToken(tokenName, kept ? Date.now() : 1);
    await database.query(`insert into api_tokens (user_id, token_hash, name, expires_at) values ($1, $2, 'bench', now() + interval '1 day')`, [
      user.id,
      sha256(token),
    ]);
    const books = (await database.query<{ id: string }>('select id from playbooks where user_id = $1 order by id', [user.id])).map((r) => r.id);
    return { id: user.id, token, books };
  };
  const { id: heavyId, token, books } = await member('journal-bench@example.com', 'journal-filters');
  const [counts] = await database.query<{ entries: string; pages: string }>(
    `select count(*) as entries, ceil(count(*) filter (where playbook_id = $2) / 50.0) as pages from journal_trade_entries where user_id = $1`,
    [heavyId, books[0]],
  );
  console.log(
    `seeded ${TRADES.toLocaleString('en-US')} trades for the member (+ 20 × ${Math.ceil(TRADES / 20).toLocaleString('en-US')}), ` +
      `${Number(counts!.entries).toLocaleString('en-US')} journal entries, ${PLAYBOOKS} playbooks, ${BENCH_TAGS.length} tags, ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${loadAverage()}`,
  );
  // Pages of one playbook: the member's first ~ (entries / 10 / 50); the distinct runs stay within them.
  const pages = Math.max(1, Math.min(20, Number(counts!.pages)));

  const served = await startBenchServer(url.toString());
  try {
    const history = (query: Record<string, string>) => `/api/trades/order-history?per_page=50&${new URLSearchParams(query)}`;
    // The last row is no target of issue #24: the unfiltered log, a different page of its newest
    // 200 on every request, shown so a change to the filtered pages' path is seen not to slow it.
    const cases: [string, (n: number) => string, boolean?][] = [
      ['playbook, same page', () => history({ page: '1', playbook: books[0]! })],
      ['playbook, a different page each request', (n) => history({ page: String(1 + (n % pages)), playbook: books[Math.floor(n / pages) % books.length]! })],
      ['tag, same page', () => history({ page: '1', tag: 'breakout' })],
      ['tag, a different page each request', (n) => history({ page: String(1 + (n % pages)), tag: BENCH_TAGS[Math.floor(n / pages) % BENCH_TAGS.length]! })],
      ['playbook and tag, a different page each request', (n) => history({ page: String(1 + (n % 4)), playbook: books[n % books.length]!, tag: BENCH_TAGS[Math.floor(n / 4) % BENCH_TAGS.length]! })],
      ['nothing (unfiltered log), a different page each request', (n) => history({ page: String(1 + (n % 200)) }), false],
    ];
    // Warm-up: another member's filtered pages walked (their trades read, checked and encoded
    // the first time, then pages joined from them), so the rows measure the server's reading and
    // not V8 compiling that path on a fresh process; then the member's unfiltered first page (its
    // filter choices, their token). No filter of the member is asked: each row's first walk reads
    // all of its trades (a filtered page asked here would read ahead the next pages of the walk).
    const { token: otherToken, books: otherBooks } = await member('journal-other0@example.com', 'journal-filters-warm-up');
    const warmUp = (n: number) =>
      history({ page: String(1 + (n % 5)), ...(n % 2 ? { playbook: otherBooks[Math.floor(n / 10) % otherBooks.length]! } : { tag: BENCH_TAGS[Math.floor(n / 10) % BENCH_TAGS.length]! }) });
    await load(served.base, otherToken, warmUp, 100, CONNECTIONS, 2);
    await load(served.base, token, () => history({ page: '1' }), 200, CONNECTIONS, 2);
    if (FIRST_WALK) {
      console.log(`\n| first walk of | pages, ${CONNECTIONS} at a time | wall ms | p50 ms | p90 ms | p99 ms | max ms | server CPU ms/page | PostgreSQL CPU ms/page | load average |`);
      console.log('|---|---|---|---|---|---|---|---|---|---|');
      for (const [label, pathOf, targeted] of cases) {
        if (targeted === false || !label.includes('a different page') || (ONLY && !label.includes(ONLY))) continue;
        const meter = await cpuMeter(served.pid);
        const walk = await firstWalk(served.base, token, pathOf, REQUESTS, CONNECTIONS);
        const cpu = await meter(walk.pages);
        console.log(
          `| ${label} | ${walk.pages} | ${walk.wall.toFixed(0)} | ${walk.p50.toFixed(1)} | ${walk.p90.toFixed(1)} | ${walk.p99.toFixed(1)} | ${walk.max.toFixed(1)} | ` +
            `${cpu.server.toFixed(2)} | ${cpu.database.toFixed(2)} | ${loadAverage()} |`,
        );
      }
    } else {
      console.log(
        `\n| trade log filtered by | ${CONNECTIONS} connections | p50 ms | p99 ms | max ms | req/s | rows/page | server CPU ms/req | PostgreSQL CPU ms/req | client (wrk) CPU ms/req | target | load average |`,
      );
      console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
      const rows = cases.flatMap(([label, pathOf, targeted]) =>
        AGAIN && targeted !== false && label.includes('a different page')
          ? [[label, pathOf, targeted] as const, [`${label}, again (its trades kept)`, pathOf, targeted] as const]
          : [[label, pathOf, targeted] as const],
      );
      for (const [label, pathOf, targeted = true] of rows) {
        if (ONLY && !label.includes(ONLY)) continue;
        const meter = await cpuMeter(served.pid);
        const r = await load(served.base, token, pathOf, REQUESTS, CONNECTIONS, SECONDS);
        const cpu = await meter(r.requests);
        const ok = r.p99 <= TARGET_P99_MS;
        if (!ok && targeted) failed = true;
        console.log(
          `| ${label} | ${r.requests} requests | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.rps.toFixed(0)} | ${r.rows.toFixed(0)} | ` +
            `${cpu.server.toFixed(2)} | ${cpu.database.toFixed(2)} | ${((r.clientCpuSeconds * 1000) / r.requests).toFixed(2)} | ` +
            `${targeted ? `p99 ≤ ${TARGET_P99_MS} ms ${ok ? 'met' : 'MISSED'}` : '—'} | ${loadAverage()} |`,
        );
      }
    }
  } finally {
    await served.stop();
  }
} finally {
  await database.close();
  if (process.env.BENCH_KEEP === '1' || kept) console.log(`kept database ${name}`);
  else await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
process.exit(failed ? 1 : 0);
