/**
 * Heavy work must not freeze the server for everyone (issue #20, item 3). One member imports
 * 5,000 trades, exports them and runs a two-year backtest while a prober measures `GET /healthz`
 * and a signed-in `GET /api/me` every 20 ms, one request at a time. The goal: /healthz p99 ≤ 50 ms
 * and /api/me p99 ≤ 100 ms under that load, on the embedded database and on PostgreSQL.
 *
 * Command: `npx tsx bench/heavy-work.ts` (embedded) or
 * `BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/heavy-work.ts`
 * (the bench creates and drops its own database there). The built SPA is not needed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DateTime } from 'luxon';
import pg from 'pg';
import { Pool } from 'undici';
import { freePort, startBuiltServer } from './support/built-server.ts';
import { MEMBER, seedTradeDeskMonth, type SeedTarget } from './tradedesk-seed.ts';
import { percentile } from './support/percentile.ts';

const PROBE_EVERY_MS = 20;
const benchStart = performance.now();
const IMPORT_ROWS = 5000;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** A generic-format CSV of `rows` closed NAS100 trades on the weekdays before `now`. */
function importCsv(rows: number, now: DateTime): string {
  const lines = ['id,instrument,side,quantity,entry_time,exit_time,entry_price,exit_price,fee,net_pnl,account,notes'];
  let day = now.setZone('America/Toronto').startOf('day');
  for (let n = 0; n < rows; n += 1) {
    if (n % 10 === 0) do day = day.minus({ days: 1 }); while (day.weekday > 5);
    const entry = day.set({ hour: 9, minute: 30 }).plus({ minutes: (n % 10) * 30 });
    const exit = entry.plus({ minutes: 12 });
    const price = 21_000 + (n % 97) * 3.25;
    const move = ((n * 37) % 41) - 18;
    lines.push(
      [
        `bench-${n}`,
        'NAS100',
        n % 2 ? 'buy' : 'sell',
        '1',
        entry.toISO({ suppressMilliseconds: true }),
        exit.toISO({ suppressMilliseconds: true }),
        price.toFixed(2),
        (price + move).toFixed(2),
        '1.50',
        (move * (n % 2 ? 1 : -1) - 1.5).toFixed(2),
        'Prop firm import',
        `Imported row ${n}`,
      ].join(','),
    );
  }
  return lines.join('\n');
}

type Client = { pool: Pool; token: string; cookie: string; xsrf: string };

async function signIn(base: string): Promise<Client> {
  const pool = new Pool(base, { connections: 4 });
  const csrf = await pool.request({ method: 'GET', path: '/sanctum/csrf-cookie' });
  await csrf.body.dump();
  const cookie = [csrf.headers['set-cookie']].flat().find((c) => c?.startsWith('XSRF-TOKEN='))!.split(';')[0]!;
  const xsrf = decodeURIComponent(cookie.slice('XSRF-TOKEN='.length));
  const client = { pool, token: '', cookie, xsrf };
  const login = (await call(client, 'POST', '/api/login', { username: MEMBER.email, password: MEMBER.password })) as { token: string };
  client.token = login.token;
  return client;
}

async function call(client: Client, method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', cookie: client.cookie, 'x-xsrf-token': client.xsrf };
  if (client.token) headers.authorization = `Bearer ${client.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await client.pool.request({ method, path: url, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode} ${text.slice(0, 200)}`);
  return text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
}

/** Probes one path every PROBE_EVERY_MS until `stop()`; answers the latencies. */
function probe(client: Client, url: string) {
  const latencies: number[] = [];
  const slow: string[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await call(client, 'GET', url);
      const took = performance.now() - started;
      latencies.push(took);
      if (took > 100 && process.env.BENCH_VERBOSE) slow.push(`${url} ${Math.round(took)} ms at ${Math.round(started - benchStart)} ms`);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      if (slow.length) console.log(slow.join('\n'));
      const sorted = [...latencies].sort((a, b) => a - b);
      return { count: sorted.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? 0) };
    },
  };
}

async function heavyWork(client: Client, now: DateTime, csv: string) {
  const timings: Record<string, number> = {};
  const timed = async <T>(name: string, work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    timings[name] = Math.round(performance.now() - started);
    if (process.env.BENCH_VERBOSE) console.log(`${name}: ${Math.round(started - benchStart)}–${Math.round(performance.now() - benchStart)} ms`);
    return result;
  };
  // BENCH_ONLY=import|export|backtest runs one piece alone, to see which one stalls.
  const only = process.env.BENCH_ONLY;
  const wanted = (piece: string) => !only || only === piece;
  const importing = wanted('import')
    ? timed('import 5,000 trades', () => call(client, 'POST', '/api/trades/import', { csv, format: 'generic', timezone: 'America/Toronto' }))
    : null;
  const to = now.setZone('America/Toronto').minus({ days: 1 });
  const from = to.minus({ years: 2 }).plus({ days: 1 });
  const backtesting = !wanted('backtest') ? null : timed('two-year backtest', async () => {
    const created = (await call(client, 'POST', '/api/alphaorb/backtests', {
      instrument: 'NAS100',
      from: from.toISODate(),
      to: to.toISODate(),
      settings: { orb_minutes: 15, orb_start_local: '09:30', lot_size: 1, order_type: 'market', max_spread: 5, risk_max_daily_trades: 1, risk_max_daily_loss: 500 },
    })) as { backtest: { id: string } };
    for (;;) {
      const { backtest } = (await call(client, 'GET', `/api/alphaorb/backtests/${created.backtest.id}`)) as { backtest: { status: string; error: string | null } };
      if (backtest.status === 'done') return;
      if (backtest.status === 'failed') throw new Error(`backtest failed: ${backtest.error}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });
  await importing;
  if (wanted('export')) await timed('export the trade log', () => call(client, 'GET', '/api/trades/export.csv'));
  await backtesting;
  return timings;
}

async function run(target: SeedTarget, env: Record<string, string>) {
  const now = DateTime.now();
  await seedTradeDeskMonth(target, { trades: 200, now: now.toJSDate(), permissions: ['alphaorb.manage'] });
  const simPort = await freePort();
  const { base, child } = await startBuiltServer({ ...env, BROKER_SIM: 'true', BROKER_SIM_PORT: String(simPort), SEED_DEMO: 'false' });
  try {
    const worker = await signIn(base);
    // Built before any probe runs: the probes share this process, and its own work would count.
    const csv = importCsv(IMPORT_ROWS, now);
    const prober = await signIn(base);
    // Quiet figures first, then the same probes under the member's heavy work.
    // /healthz is probed as a load balancer does, without a session; /api/me as a member.
    const anonymous = { ...prober, token: '' };
    const quiet = { healthz: probe(anonymous, '/healthz'), me: probe(prober, '/api/me') };
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const [quietHealth, quietMe] = [await quiet.healthz.stop(), await quiet.me.stop()];
    const loaded = { healthz: probe(anonymous, '/healthz'), me: probe(prober, '/api/me') };
    const timings = await heavyWork(worker, now, csv);
    const [loadedHealth, loadedMe] = [await loaded.healthz.stop(), await loaded.me.stop()];
    return { quiet: { healthz: quietHealth, me: quietMe }, loaded: { healthz: loadedHealth, me: loadedMe }, timings };
  } finally {
    // The server must be gone before its database is dropped.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
  }
}

function report(database: string, result: Awaited<ReturnType<typeof run>>) {
  const line = (name: string, f: { count: number; p50: number; p99: number; max: number }) =>
    `  ${name.padEnd(22)} p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms (${f.count} probes)`;
  console.log(`heavy work on ${database}${process.env.BENCH_ONLY ? ` (only ${process.env.BENCH_ONLY})` : ''}`);
  console.log(line('quiet /healthz', result.quiet.healthz));
  console.log(line('quiet /api/me', result.quiet.me));
  console.log(line('loaded /healthz', result.loaded.healthz));
  console.log(line('loaded /api/me', result.loaded.me));
  for (const [name, ms] of Object.entries(result.timings)) console.log(`  ${name}: ${ms} ms`);
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const name = `heavy_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const dbUrl = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
    const appKey = 'base64:' + Buffer.alloc(32, 7).toString('base64');
    try {
      const result = await run({ url: dbUrl, appKey }, { DATABASE_URL: dbUrl, APP_KEY: appKey });
      report('postgres', result);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'th-heavy-'));
    try {
      const result = await run({ dataDir }, { DATA_DIR: dataDir });
      report('embedded', result);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  process.exit(0);
}

await main();
