// MAE/MFE backfill benchmark (issue #24):
// `npx tsx bench/excursions-backfill.ts [--trades 100000] [--requests 2000]` (PostgreSQL at
// BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh database is
// created and dropped, BENCH_KEEP=1 keeps it).
// Seeds the benches' heavy member (trade-dataset.ts: 100,000 trades by default, ten years, five
// instruments) and the one-minute bar cache around them, then runs the backfill job
// (modules/trade-chart/jobs.ts, BACKFILL_JOB: batches of BACKFILL_BATCH trades, each batch
// enqueueing the next with its cursor) on one worker process until every trade is measured.
// Target: 100,000 trades ≤ 10 min.
// What is simulated:
// - The bars. In production the cache (market_bars, market_bar_ranges) already holds the
//   backtests' years of one-minute bars, and the backfill fetches from the broker only the
//   windows the cache lacks. Here each (instrument, UTC day) that has trades gets its minutes
//   from 46 min before the day's first entry to 46 min after its last exit (a chart window pads
//   a trade by at most 45 min when it lasts ≤ 90 min) by SQL, recorded as fetched; the worker
//   has no market-data login, so a window missing from the cache would count as failed, and
//   the bench requires none.
// - The queue. The worker runs the job's own handler; its `jobs.send` (the next batch and its
//   cursor) is appended to a file as pg-boss would store the job, and the worker takes the last
//   one. Midway the worker is killed (SIGKILL, as a crash or a deploy) and started again: it
//   retries the batch it was in, as pg-boss retries a job whose worker died. The bench checks
//   that the trades measured before the kill are kept untouched (measured_at before the
//   restart), that the second run measures exactly the rest, and that every trade ends with
//   one row.
// - Members' requests. The real app (its own process) answers the trade log page
//   (order-history, 50 a page, a different page each request) to 10 connections before the
//   backfill and while it runs: p99 should be unchanged within noise.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { pino } from 'pino';
import { Pool } from 'undici';
import { loadConfig } from '../apps/server/src/config.ts';
import { createProcessMemory, type AppContext } from '../apps/server/src/context.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createErrorReporter } from '../apps/server/src/lib/error-reporting.ts';
import { sha256 } from '../apps/server/src/lib/secrets.ts';
import { tradeExcursionsBackfillJob } from '../apps/server/src/modules/trade-chart/jobs.ts';
import { BACKFILL_BATCH } from '../apps/server/src/modules/trade-chart/service.ts';
import { startBenchServer } from './support/bench-app.ts';
import { insertBenchMember } from './support/bench-member.ts';
import { percentile } from './support/percentile.ts';
import { benchToken, loadAverage } from './support/scratch-schema.ts';
import { tradeDataset } from './support/trade-dataset.ts';

const TARGET_MS = 10 * 60_000;
/** Where the worker is killed: after this share of the trades is measured. */
const KILL_AT = 0.4;
const CONNECTIONS = 10;

type BatchReport = { afterId: number; measured: number; unavailable: number; failed: number; nextAfterId: number | null };

/** The worker process: `node --import tsx bench/excursions-backfill.ts --worker <database url> <queue file>`. */
async function worker(url: string, queueFile: string) {
  const database = await openDatabase({ url, poolSize: 2 });
  const log = pino({ level: 'info' });
  const ctx: AppContext = {
    config: loadConfig({ NODE_ENV: 'production', DATABASE_URL: url, APP_KEY: Buffer.alloc(32, 9).toString('base64'), BROKER_SIM: 'false' }),
    db: database.db,
    database,
    mailer: { send: async () => undefined },
    jobs: {
      send: async (_name: string, payload: unknown) => {
        appendFileSync(queueFile, `${JSON.stringify(payload)}\n`);
        return null;
      },
    } as unknown as AppContext['jobs'],
    log,
    errors: createErrorReporter({ dsn: undefined, environment: 'bench' }),
    memory: createProcessMemory(),
    now: () => new Date(),
  };
  for (;;) {
    const queued = existsSync(queueFile) ? readFileSync(queueFile, 'utf8').trim().split('\n').filter(Boolean) : [];
    const payload = queued.length > 0 ? (JSON.parse(queued.at(-1)!) as { afterId?: number }) : {};
    await tradeExcursionsBackfillJob.handler(ctx, payload);
    const after = readFileSync(queueFile, { encoding: 'utf8', flag: 'a+' }).trim().split('\n').filter(Boolean).length;
    if (after === queued.length) break; // the last batch enqueued nothing
  }
  await database.close();
}

if (process.argv[2] === '--worker') {
  await worker(process.argv[3]!, process.argv[4]!);
  process.exit(0);
}

const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
};
const TRADES = Number(option('trades') ?? 100_000);
const REQUESTS = Number(option('requests') ?? 2_000);

/** Starts the worker; `onBatch` sees each batch's report; answers its exit and how to kill it. */
function startWorker(url: string, queueFile: string, onBatch: (report: BatchReport) => void) {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--worker', url, queueFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const entry = JSON.parse(line) as BatchReport & { msg?: string };
    if (entry.msg === 'trade excursions backfilled') onBatch(entry);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { exited, kill: () => child.kill('SIGKILL') };
}

/** `requests` GETs of the trade log, a different page each, over `connections` keep-alive connections. */
async function tradeLogLoad(base: string, token: string, pages: number, requests: number, offset: number) {
  const pool = new Pool(base, { connections: CONNECTIONS, pipelining: 1 });
  const latencies: number[] = [];
  let next = 0;
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const run = async () => {
    while (next < requests) {
      next += 1;
      const pathOf = `/api/trades/order-history?per_page=50&page=${1 + ((offset + next) % pages)}`;
      const started = performance.now();
      const res = await pool.request({ method: 'GET', path: pathOf, headers });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`${pathOf}: ${res.statusCode} ${text}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, run));
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? 0 };
}

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `th_backfill_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString(), poolSize: 2 });
const scratch = mkdtempSync(path.join(os.tmpdir(), 'backfill-bench-'));
const queueFile = path.join(scratch, 'queue.jsonl');
let failed = false;
try {
  await database.migrate();
  const seeding = performance.now();
  const member = await insertBenchMember(database, 'backfill-bench@example.com', '777001', tradeDataset(TRADES, 42));
  // The bar cache around the trades (see the header): a gentle wave around the dataset's prices
  // (entry 100, exit 101, stop 99), so each trade has a measurable MAE and MFE.
  await database.query(
    `with days as (
       select instrument, min(entry_time) - interval '46 minutes' as from_t, max(exit_time) + interval '46 minutes' as to_t
       from trades where user_id = $1 group by instrument, (entry_time at time zone 'UTC')::date),
     spans as (select instrument, date_trunc('minute', from_t) as from_t, date_trunc('minute', to_t) as to_t from days),
     ranges as (insert into market_bar_ranges (instrument, from_t, to_t) select instrument, from_t, to_t from spans)
     insert into market_bars (instrument, t, o, h, l, c, v)
     select s.instrument, m, 100 + 2 * sin(extract(epoch from m) / 1200), 100.5 + 2 * sin(extract(epoch from m) / 1200),
       99.5 + 2 * sin(extract(epoch from m) / 1200), 100.1 + 2 * sin(extract(epoch from m) / 1200), 1
     from spans s, generate_series(s.from_t, s.to_t, interval '1 minute') m
     on conflict do nothing`,
    [member.id],
  );
  await database.exec('vacuum analyze');
  const [bars] = await database.query<{ bars: string; spans: string }>(
    'select (select count(*) from market_bars) as bars, (select count(*) from market_bar_ranges) as spans',
  );
  const token = benchToken('backfill', 1);
  await database.query(`insert into api_tokens (user_id, token_hash, name, expires_at) values ($1, $2, 'bench', now() + interval '1 day')`, [
    member.id,
    sha256(token),
  ]);
  console.log(
    `seeded ${TRADES.toLocaleString('en-US')} trades and ${Number(bars!.bars).toLocaleString('en-US')} cached bars in ` +
      `${Number(bars!.spans).toLocaleString('en-US')} spans in ${((performance.now() - seeding) / 1000).toFixed(1)} s; load average ${loadAverage()}`,
  );

  const served = await startBenchServer(url.toString());
  const pages = Math.ceil(TRADES / 50);
  try {
    await tradeLogLoad(served.base, token, pages, 200, 0); // warm-up
    const before = await tradeLogLoad(served.base, token, pages, REQUESTS, 1_000);
    const loadBefore = loadAverage();

    // First run, killed once KILL_AT of the trades are measured.
    let measuredFirst = 0;
    let firstBatches = 0;
    const firstStarted = performance.now();
    const first = startWorker(url.toString(), queueFile, (r) => {
      firstBatches += 1;
      measuredFirst += r.measured + r.unavailable;
      if (r.failed > 0) failed = true;
      if (measuredFirst >= TRADES * KILL_AT) first.kill();
    });
    await first.exited;
    const firstMs = performance.now() - firstStarted;
    const [killed] = await database.query<{ rows: string; now: Date }>('select count(*) as rows, now() from trade_excursions');
    const keptAtKill = Number(killed!.rows);
    const restartAt = killed!.now;

    // Second run, from the queue as the kill left it; the trade log is loaded while it runs.
    let measuredSecond = 0;
    let failedSecond = 0;
    let secondBatches = 0;
    let secondDone = false;
    const secondStarted = performance.now();
    const second = startWorker(url.toString(), queueFile, (r) => {
      secondBatches += 1;
      measuredSecond += r.measured + r.unavailable;
      failedSecond += r.failed;
    });
    const secondExit = second.exited.then((code) => {
      secondDone = true;
      return code;
    });
    const during = await tradeLogLoad(served.base, token, pages, REQUESTS, 2_000);
    const loadDuring = loadAverage();
    const overlapped = !secondDone;
    const code = await secondExit;
    const secondMs = performance.now() - secondStarted;

    const [end] = await database.query<{ rows: string; distinct_trades: string; before_restart: string; closed: string }>(
      `select count(*) as rows, count(distinct trade_id) as distinct_trades,
         count(*) filter (where measured_at < $1) as before_restart,
         (select count(*) from trades where source <> 'bot' and exit_time is not null) as closed
       from trade_excursions`,
      [restartAt],
    );
    const total = Number(end!.closed);
    const rows = Number(end!.rows);
    const totalMs = firstMs + secondMs;
    const checks: [string, boolean][] = [
      ['the second worker exited cleanly', code === 0],
      ['every closed trade has its one row', rows === total && Number(end!.distinct_trades) === total],
      ['rows kept at the kill are untouched by the second run', Number(end!.before_restart) === keptAtKill],
      ['the second run measured exactly the rest (nothing redone, nothing lost)', measuredSecond === total - keptAtKill],
      ['no trade failed (every window was in the bar cache)', failedSecond === 0 && !failed],
    ];
    console.log(`\n| backfill (${TRADES.toLocaleString('en-US')} trades, batches of ${BACKFILL_BATCH}, one worker) | figure | target |`);
    console.log('|---|---|---|');
    console.log(`| first run, killed after | ${firstBatches} batches, ${keptAtKill.toLocaleString('en-US')} trades kept, ${(firstMs / 1000).toFixed(1)} s | — |`);
    console.log(`| second run (resumed) | ${secondBatches} batches, ${measuredSecond.toLocaleString('en-US')} trades, ${(secondMs / 1000).toFixed(1)} s | — |`);
    console.log(
      `| total work time | ${(totalMs / 1000).toFixed(1)} s (${((total / totalMs) * 1000).toFixed(0)} trades/s; 100,000 trades at this rate: ` +
        `${((100_000 / total) * totalMs / 60_000).toFixed(1)} min) | ≤ ${TARGET_MS / 60_000} min for 100,000 |`,
    );
    console.log(`\n| trade log page, ${CONNECTIONS} connections, ${REQUESTS} requests | p50 ms | p99 ms | max ms | load average |`);
    console.log('|---|---|---|---|---|');
    console.log(`| before the backfill | ${before.p50.toFixed(1)} | ${before.p99.toFixed(1)} | ${before.max.toFixed(1)} | ${loadBefore} |`);
    console.log(
      `| during the backfill${overlapped ? '' : ' (the backfill ended first: raise --requests)'} | ${during.p50.toFixed(1)} | ${during.p99.toFixed(1)} | ` +
        `${during.max.toFixed(1)} | ${loadDuring} |`,
    );
    console.log('');
    for (const [label, ok] of checks) {
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
      if (!ok) failed = true;
    }
    if (totalMs * (100_000 / total) > TARGET_MS) failed = true;
  } finally {
    await served.stop();
  }
} finally {
  await database.close();
  rmSync(scratch, { recursive: true, force: true });
  if (process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
  else await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
process.exit(failed ? 1 : 0);
