// Peer benchmark (issue #27): `npx tsx bench/peers/peer-bench.ts`. Not run in CI.
//   BENCH_DATABASE_URL  a PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
//                       scratch databases are created on it and dropped at the end.
//   TRADETALLY_DIR      a TradeTally checkout (its backend/ with node_modules installed); without
//                       it our app is measured alone and the peer is reported as skipped.
//   BENCH_SAMPLES       samples of each page per app (default 200); BENCH_LOAD_SECONDS the length
//                       of each of the three 50-connection rounds per app (default 10).
// One deterministic 100,000-trade dataset goes into both apps: ours through our migrations for
// our member, TradeTally's through its own migrations (its server applies them at boot) for a
// user registered and signed in through its own API. The pages are then timed over keep-alive
// connections, alternating sample by sample between the apps so drift hits both alike, and the
// list page is loaded with 50 connections in alternating rounds. Peak RSS is each server
// process's VmHWM.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import pg from 'pg';
import { Pool } from 'undici';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { sha256 } from '../../apps/server/src/lib/secrets.ts';
import { startBenchServer } from '../support/bench-app.ts';
import { insertBenchMember } from '../support/bench-member.ts';
import { freePort } from '../support/built-server.ts';
import { percentile } from '../support/percentile.ts';
import { DATASET_FEE, tradeDataset, type TradeDataset } from '../support/trade-dataset.ts';

const TRADES = 100_000;
const SEED = 42;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const LOAD_ROUNDS = 3;
const CONNECTIONS = 50;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const tradetallyDir = process.env.TRADETALLY_DIR;

// The dataset spans 2016-01 to 2025-12: a half year of one instrument, and a month, inside it.
const FILTER = { symbol: 'NAS100', from: '2025-01-01', to: '2025-06-30' };
const MONTH = { from: '2025-06-01', to: '2025-06-30', year: '2025' };

const PAGES = ['trade list', 'filtered list', 'calendar', 'analytics'] as const;
type Page = (typeof PAGES)[number];

interface App {
  name: string;
  pid: number;
  pool: Pool;
  headers: Record<string, string>;
  paths: Record<Page, string>;
  /** What its performance overview counts: trades, and how many it calls wins, losses, breakeven. */
  counts(body: unknown): { trades: number; wins: number; losses: number; breakeven: number };
  stop(): Promise<void>;
}

const scratch = (name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url;
};
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const created: string[] = [];
async function createScratch(name: string) {
  await admin.query(`create database "${name}"`);
  created.push(name);
  return scratch(name);
}

async function get(app: App, page: Page): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const res = await app.pool.request({ method: 'GET', path: app.paths[page], headers: app.headers });
  const body = await res.body.text();
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${app.name} ${app.paths[page]}: ${res.statusCode} ${body.slice(0, 300)}`);
  return { ms, body };
}

/** Ours: our migrations, our member (active membership), a sign-in token, our server process. */
async function startOurs(trades: TradeDataset): Promise<App> {
  const url = await createScratch(`th_peers_ours_${process.pid}`);
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  await database.migrate();
  const member = await insertBenchMember(database, 'peer-bench@example.com', '4242', trades);
  await database.query(
    `insert into subscriptions (user_id, vendor, plan_key, plan_name, status) values ($1, 'internal', 'trader', 'Trader', 'active')`,
    [member.id],
  );
  const token = `peer-bench-${process.pid}`;
  await database.query(
    `insert into api_tokens (user_id, token_hash, name, expires_at) values ($1, $2, 'bench', now() + interval '1 day')`,
    [member.id, sha256(token)],
  );
  await database.exec('vacuum analyze');
  await database.close();
  const served = await startBenchServer(url.toString());
  const list = '/api/trades/order-history?per_page=50&page=1';
  return {
    name: 'ours',
    pid: served.pid,
    pool: new Pool(served.base, { connections: CONNECTIONS, pipelining: 1 }),
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    paths: {
      'trade list': list,
      'filtered list': `${list}&instrument=${FILTER.symbol}&entry_from=${FILTER.from}&entry_to=${FILTER.to}`,
      // TradeDesk's month calendar.
      calendar: `/api/trades/day-summaries?from=${MONTH.from}&to=${MONTH.to}`,
      analytics: '/api/reports/performance',
    },
    counts(body) {
      const { totals } = (body as { data: { totals: { trades: number; wins: number; losses: number } } }).data;
      // Ours has no breakeven band: the rest are flat (net exactly zero).
      return { trades: totals.trades, wins: totals.wins, losses: totals.losses, breakeven: totals.trades - totals.wins - totals.losses };
    },
    stop: async () => {
      await served.stop();
    },
  };
}

async function until(ready: () => Promise<boolean>, child: ChildProcess, what: string, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what}: the process exited with ${child.exitCode}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what}: not ready within ${seconds} s`);
}

/**
 * TradeTally: its server on a free port over its scratch database (it applies its own schema and
 * migrations at boot), background jobs and rate limiting off, its stdout (a log line or more per
 * request) discarded and its stderr kept in a file. Its user is registered and signed in through
 * its own API; the same trades are then written to its trades table, mapped to its columns and
 * dated as its Trade.create dates them (the UTC date of the exit).
 */
async function startTradetally(dir: string, trades: TradeDataset): Promise<App> {
  const name = `th_peers_tradetally_${process.pid}`;
  const url = await createScratch(name);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const logFile = path.join(os.tmpdir(), `${name}.log`);
  const child = spawn(process.execPath, ['src/server.js'], {
    cwd: path.join(dir, 'backend'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      FRONTEND_URL: base,
      JWT_SECRET: 'peer-bench-secret-0123456789abcdef',
      DB_HOST: url.hostname,
      DB_PORT: url.port || '5432',
      DB_USER: decodeURIComponent(url.username) || 'postgres',
      DB_PASSWORD: decodeURIComponent(url.password),
      DB_NAME: name,
      RATE_LIMIT_ENABLED: 'false',
      DISABLE_BACKGROUND_JOBS: 'true',
      ENABLE_PRICE_MONITORING: 'false',
      ENABLE_BACKUP_SCHEDULER: 'false',
      ENABLE_DASHBOARD_CACHE_WARMER: 'false',
      REGISTRATION_MODE: 'open',
      LOG_LEVEL: 'WARN',
    },
    stdio: ['ignore', 'ignore', openSync(logFile, 'w')],
  });
  process.once('exit', () => child.kill());
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await until(async () => (await fetch(`${base}/api/health`)).ok, child, `TradeTally (log: ${logFile})`, 300);
    const credentials = { email: 'peer-bench@example.com', password: 'PeerBench-12345' };
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...credentials, username: 'peerbench', fullName: 'Peer Bench' }),
    });
    if (!registered.ok) throw new Error(`TradeTally register: ${registered.status} ${await registered.text()}`);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    const signedIn = (await login.json()) as { token?: string; user?: { id: string } };
    if (!login.ok || !signedIn.token || !signedIn.user) throw new Error(`TradeTally login: ${login.status} ${JSON.stringify(signedIn)}`);

    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query(
        `insert into trades (user_id, symbol, trade_date, entry_time, exit_time, entry_price, exit_price, quantity, side,
           commission, fees, pnl, stop_loss, broker)
         select $1::uuid, x.symbol, (coalesce(x.exit, x.entry) at time zone 'UTC')::date, x.entry, x.exit, 100, 101, 1,
           case when x.side = 'buy' then 'long' else 'short' end, $8::numeric, 0, x.net, x.stop, 'bench'
         from unnest($2::timestamptz[], $3::timestamptz[], $4::text[], $5::text[], $6::numeric[], $7::numeric[])
           as x(entry, exit, symbol, side, net, stop)`,
        [signedIn.user.id, trades.entry, trades.exit, trades.instrument, trades.side, trades.net, trades.stop, DATASET_FEE],
      );
      await client.query('vacuum analyze');
    } finally {
      await client.end();
    }
    const list = '/api/trades?limit=50';
    return {
      name: 'TradeTally',
      pid: child.pid!,
      pool: new Pool(base, { connections: CONNECTIONS, pipelining: 1 }),
      headers: { authorization: `Bearer ${signedIn.token}`, accept: 'application/json' },
      paths: {
        'trade list': list,
        'filtered list': `${list}&symbol=${FILTER.symbol}&startDate=${FILTER.from}&endDate=${FILTER.to}`,
        // Its calendar page asks for a whole year (the year parameter is required).
        calendar: `/api/analytics/calendar?year=${MONTH.year}`,
        analytics: '/api/analytics/overview',
      },
      counts(body) {
        const { overview } = body as { overview: Record<string, number> };
        return {
          trades: overview.total_trades!,
          wins: overview.winning_trades!,
          losses: overview.losing_trades!,
          breakeven: overview.breakeven_trades!,
        };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Peak resident set of a running process (Linux VmHWM), in MB. */
async function peakRss(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** `CONNECTIONS` connections asking for the list page back to back for `seconds`. */
async function loadRound(app: App, seconds: number, latencies: number[]) {
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const res = await app.pool.request({ method: 'GET', path: app.paths['trade list'], headers: app.headers });
      await res.body.text();
      if (res.statusCode === 200) latencies.push(performance.now() - started);
      else errors += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return errors;
}

/** Where the two apps' definitions part on this dataset, counted from the dataset itself. */
function definitionGaps(trades: TradeDataset) {
  let otherDate = 0;
  let netZero = 0;
  let grossZero = 0;
  for (let i = 0; i < trades.net.length; i += 1) {
    const exit = DateTime.fromISO(trades.exit[i]!, { zone: 'utc' });
    if (exit.toISODate() !== exit.setZone('America/Toronto').toISODate()) otherDate += 1;
    if (Number(trades.net[i]) === 0) netZero += 1;
    if (Number(trades.gross[i]) === 0) grossZero += 1;
  }
  return { otherDate, netZero, grossZero };
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const ratio = (theirs: number, ours: number) => (ours > 0 ? `${(theirs / ours).toFixed(1)}×` : '—');

const apps: App[] = [];
let exitCode = 0;
try {
  console.log(`dataset: ${TRADES.toLocaleString('en-US')} trades (seed ${SEED})`);
  const trades = tradeDataset(TRADES, SEED);
  let started = performance.now();
  apps.push(await startOurs(trades));
  console.log(`ours: loaded and started in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  let skipped: string | null = null;
  if (!tradetallyDir) skipped = 'TRADETALLY_DIR is not set';
  else {
    started = performance.now();
    try {
      apps.push(await startTradetally(tradetallyDir, trades));
      console.log(`TradeTally: migrated, signed in, loaded and started in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      skipped = (error as Error).message;
    }
  }
  if (skipped) console.log(`\nPEER SKIPPED: TradeTally was not measured (${skipped}). Our figures follow alone.\n`);

  const samples = new Map<string, number[]>();
  const first = new Map<string, number>();
  const overview = new Map<string, ReturnType<App['counts']>>();
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    for (const page of PAGES) {
      // Alternate who goes first, so neither always follows the other's work.
      const order = sample % 2 === 0 ? apps : [...apps].reverse();
      for (const app of order) {
        const key = `${app.name}|${page}`;
        const { ms, body } = await get(app, page);
        if (sample === 0) {
          first.set(key, ms);
          if (page === 'analytics') overview.set(app.name, app.counts(JSON.parse(body)));
        } else {
          const times = samples.get(key) ?? [];
          times.push(ms);
          samples.set(key, times);
        }
      }
    }
  }

  const load = new Map<string, { latencies: number[]; seconds: number; errors: number }>();
  for (let round = 0; round < LOAD_ROUNDS; round += 1) {
    const order = round % 2 === 0 ? apps : [...apps].reverse();
    for (const app of order) {
      const entry = load.get(app.name) ?? { latencies: [], seconds: 0, errors: 0 };
      entry.errors += await loadRound(app, LOAD_SECONDS, entry.latencies);
      entry.seconds += LOAD_SECONDS;
      load.set(app.name, entry);
    }
  }
  const rss = new Map<string, number>();
  for (const app of apps) rss.set(app.name, await peakRss(app.pid));

  const [ours, peer] = [apps[0]!, apps[1]];
  const stat = (app: App, page: Page) => {
    const sorted = (samples.get(`${app.name}|${page}`) ?? []).sort((a, b) => a - b);
    return { first: first.get(`${app.name}|${page}`) ?? 0, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };
  console.log(`\n${SAMPLES} samples per page and app (the first answer apart), one keep-alive connection each, ms:`);
  console.log(`| page | ours first | ours p50 | ours p99 |${peer ? ' TradeTally first | TradeTally p50 | TradeTally p99 | p50 TradeTally ÷ ours | p99 TradeTally ÷ ours |' : ''}`);
  console.log(`|---|---|---|---|${peer ? '---|---|---|---|---|' : ''}`);
  for (const page of PAGES) {
    const a = stat(ours, page);
    const b = peer && stat(peer, page);
    const theirs = b ? ` ${fmt(b.first)} | ${fmt(b.p50)} | ${fmt(b.p99)} | ${ratio(b.p50, a.p50)} | ${ratio(b.p99, a.p99)} |` : '';
    console.log(`| ${page} | ${fmt(a.first)} | ${fmt(a.p50)} | ${fmt(a.p99)} |${theirs}`);
  }
  const throughput = (app: App) => {
    const { latencies, seconds, errors } = load.get(app.name)!;
    latencies.sort((a, b) => a - b);
    return { rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
  };
  console.log(`\nTrade list at ${CONNECTIONS} connections (${LOAD_ROUNDS} alternating rounds of ${LOAD_SECONDS} s), and peak RSS:`);
  console.log('| app | req/s | p50 ms | p99 ms | errors | peak RSS MB |');
  console.log('|---|---|---|---|---|---|');
  for (const app of apps) {
    const t = throughput(app);
    console.log(`| ${app.name} | ${t.rps.toFixed(0)} | ${fmt(t.p50)} | ${fmt(t.p99)} | ${t.errors} | ${rss.get(app.name)!.toFixed(0)} |`);
    if (t.errors > 0) exitCode = 1;
  }
  if (peer) {
    const a = throughput(ours);
    const b = throughput(peer);
    console.log(
      `ratios: req/s ours ÷ TradeTally ${ratio(a.rps, b.rps)}; p99 and peak RSS TradeTally ÷ ours ${ratio(b.p99, a.p99)} and ${ratio(rss.get(peer.name)!, rss.get(ours.name)!)}`,
    );
  }

  const gaps = definitionGaps(trades);
  console.log('\nWhere the definitions part on this dataset:');
  console.log(`- trades whose UTC exit date is not their Toronto exit date: ${gaps.otherDate.toLocaleString('en-US')}`);
  console.log(`- net exactly 0 but gross ${DATASET_FEE.toFixed(2)} (ours: flat; TradeTally: neither win, loss nor breakeven): ${gaps.netZero}`);
  console.log(`- gross exactly 0, net −${DATASET_FEE.toFixed(2)} (ours: a loss; TradeTally: breakeven): ${gaps.grossZero}`);
  for (const [name, c] of overview) {
    const unaccounted = c.trades - c.wins - c.losses - c.breakeven;
    console.log(
      `- ${name === 'ours' ? 'our' : `${name}'s`} overview: ${c.trades} trades, ${c.wins} wins, ${c.losses} losses, ${c.breakeven} ${name === 'ours' ? 'flat' : 'breakeven'}` +
        (name === 'ours' ? '' : `, ${unaccounted} counted in none of them`),
    );
  }
} finally {
  for (const app of apps) {
    await app.pool.close();
    await app.stop();
  }
  for (const name of created) await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
process.exit(exitCode);
