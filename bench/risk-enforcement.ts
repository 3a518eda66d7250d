// Risk Manager enforcement benchmark: `npm run risk-enforcement -w @th/bench` (docs/benchmarks.md).
// (a) breach → flat: one protected account holding an open BTCUSD position, the worker loop
//     running (a pass every 5 s, as jobs.ts); the price is pinned past the max daily loss at a
//     random moment of the cycle; timed until the simulator holds no open position and the lock
//     is recorded. Target ≤ 3 s; p50/max over REPS repetitions.
// (b) 1,000 protected accounts (each its own TradeLocker login, one open position and one working
//     limit order) checked by one worker every 5 s: pass duration, worker CPU per pass
//     (process.cpuUsage), broker calls per minute against the simulator's rate limit, and the
//     longest gap between two checks of one account (target: every account within 5 s).
// The simulator runs in a child process (its CPU is not the worker's), behind a counter of the
// calls it answers; BENCH_LATENCY_MS adds a broker round trip to every call (default 0 and 50).
// Embedded PGlite by default; DATABASE_URL=postgres://… measures on a PostgreSQL server (a scratch
// database is created and dropped).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import pg from 'pg';
import { pino } from 'pino';
import { createBrokerSim, DEMO_SERVER, TRADE_ROUTE_ID, type SimFixture } from '../packages/broker-sim/src/index.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createProcessMemory, type AppContext } from '../apps/server/src/context.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { riskAccountRules, riskAccountStates, tradingAccounts, users } from '../apps/server/src/db/schema/index.ts';
import { createErrorReporter } from '../apps/server/src/lib/error-reporting.ts';
import { ENFORCE_CONCURRENCY, enforceAll, enforcementBrokerFor, type EnforcementOptions, type PassOutcome } from '../apps/server/src/modules/risk/enforcement.ts';
import { ENFORCE_EVERY_MS } from '../apps/server/src/modules/risk/jobs.ts';
import { columnsOf } from '../apps/server/src/modules/risk/rules-columns.ts';
import { brokerClient, sealTokens } from '../apps/server/src/modules/trading-accounts/broker-session.ts';
import { percentile } from './support/percentile.ts';

const BTCUSD = '1008';
const PASSWORD = 'bench-pass';
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1_000);
const REPS = Number(process.env.BENCH_REPS ?? 10);
const PASSES = Number(process.env.BENCH_PASSES ?? 6);
const LATENCIES = (process.env.BENCH_LATENCY_MS ?? '0,50').split(',').map(Number);

const brokerLogin = (i: number) => `bench-${i}@broker.test`;
const brokerAccountId = (i: number) => String(9_007_199_254_750_000_000n + BigInt(i));

// ---------------------------------------------------------------------------------------------
// The simulator process: `node --import tsx bench/risk-enforcement.ts sim <accounts>`. Besides the
// TradeLocker API it answers /__bench/stats (calls answered, of which 429) and
// /__bench/positions/<account id> (open positions, read from its memory: no rate limit spent).
function runSim(count: number) {
  const fixture: SimFixture = {
    users: Array.from({ length: count }, (_, i) => ({
      email: brokerLogin(i),
      password: PASSWORD,
      server: DEMO_SERVER,
      accounts: [{ id: brokerAccountId(i), accNum: '1', name: `Bench ${i}`, currency: 'USD', environment: 'demo' as const, balance: '100000.00' }],
    })),
  };
  const sim = createBrokerSim({ fixture });
  const stats = { calls: 0, limited: 0, byPath: {} as Record<string, number> };
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    if (path === '/__bench/stats') return res.end(JSON.stringify(stats));
    if (path === '/__bench/latency') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => res.end(JSON.stringify(sim.setFaults({ latencyMs: Number(body) }))));
      return;
    }
    const positions = /^\/__bench\/positions\/(\d+)$/.exec(path);
    if (positions) return res.end(JSON.stringify([...sim.state.books.get(positions[1]!)!.positions.values()]));
    if (!path.includes('/__sim/')) {
      stats.calls += 1;
      const route = `${req.method} ${path.replace(/\?.*$/, '').replace(/\/\d+/g, '/:id')}`;
      stats.byPath[route] = (stats.byPath[route] ?? 0) + 1;
      res.on('finish', () => void (res.statusCode === 429 && (stats.limited += 1)));
    }
    sim.handle(req, res);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address() as { port: number };
    process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
  });
  process.once('SIGINT', () => process.exit(0));
}

async function startSim(accounts: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, 'sim', String(accounts)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /LISTENING (\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`simulator exited ${code}`)));
  });
  // A crashed bench leaves no simulator behind.
  process.once('exit', () => child.kill());
  const json = async <T>(path: string, init?: RequestInit) => (await (await fetch(`${base}${path}`, init)).json()) as T;
  return {
    url: `${base}/backend-api`,
    stats: () => json<{ calls: number; limited: number; byPath: Record<string, number> }>('/__bench/stats'),
    positions: (accountId: string) => json<Array<{ id: string; avgPrice: number }>>(`/__bench/positions/${accountId}`),
    latency: (ms: number) => json('/__bench/latency', { method: 'POST', body: String(ms) }),
    pin: (price: number | null) =>
      json('/backend-api/__sim/prices', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ symbol: 'BTCUSD', price }) }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
    },
  };
}
type Sim = Awaited<ReturnType<typeof startSim>>;

async function openDb() {
  const serverUrl = process.env.DATABASE_URL;
  const name = `th_risk_bench_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  let target: string | undefined;
  if (serverUrl) {
    await admin(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    target = url.toString();
  }
  const database = await openDatabase(target ? { url: target, poolSize: 20 } : { dataDir: undefined });
  await database.migrate();
  return {
    database,
    label: serverUrl ? 'PostgreSQL' : 'embedded PGlite',
    drop: async () => {
      await database.close();
      if (serverUrl) await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

/** Links accounts [from, to) of the simulator to members with a max daily loss (money) of `limit`. */
async function protect(ctx: AppContext, from: number, to: number, limit: number) {
  const client = brokerClient(ctx, 'demo');
  const ids: Array<{ accountId: string; brokerId: string; accessToken: string }> = [];
  for (let start = from; start < to; start += 50) {
    const batch = Array.from({ length: Math.min(50, to - start) }, (_, k) => start + k);
    const members = await ctx.db
      .insert(users)
      .values(batch.map((i) => ({ email: `risk-bench-${i}@example.com`, status: 'active' as const })))
      .returning({ id: users.id });
    const tokens = await Promise.all(batch.map((i) => client.login(brokerLogin(i), PASSWORD, DEMO_SERVER)));
    const accounts = await ctx.db
      .insert(tradingAccounts)
      .values(
        batch.map((i, k) => ({
          userId: members[k]!.id,
          environment: 'demo' as const,
          brokerAccountId: brokerAccountId(i),
          accNum: '1',
          name: `Bench ${i}`,
          currency: 'USD',
          ...sealTokens(ctx, tokens[k]!),
        })),
      )
      .returning({ id: tradingAccounts.id, userId: tradingAccounts.userId });
    const rules = columnsOf({
      max_daily_loss: { mode: 'money', value: limit },
      max_trade_loss: null,
      max_trades_per_day: null,
      max_open_lots: null,
      allowed_sessions: [],
      cooldown: null,
      warn_only: false,
    });
    await ctx.db.insert(riskAccountRules).values(accounts.map((a) => ({ userId: a.userId, tradingAccountId: a.id, ...rules })));
    batch.forEach((i, k) => ids.push({ accountId: accounts[k]!.id, brokerId: brokerAccountId(i), accessToken: tokens[k]!.accessToken }));
  }
  return ids;
}

/** Places an order at the simulator as the member would in TradeLocker. */
async function place(sim: Sim, account: { brokerId: string; accessToken: string }, body: Record<string, unknown> = {}) {
  const res = await fetch(`${sim.url}/trade/accounts/${account.brokerId}/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.accessToken}`, accNum: '1', 'content-type': 'application/json' },
    body: JSON.stringify({ tradableInstrumentId: BTCUSD, routeId: TRADE_ROUTE_ID, qty: 1, side: 'buy', type: 'market', validity: 'IOC', ...body }),
  });
  const json = (await res.json()) as { s: string; errmsg?: string };
  if (json.s !== 'ok') throw new Error(`order refused: ${JSON.stringify(json)}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The worker loop of jobs.ts (a pass every ENFORCE_EVERY_MS, none started while one runs), with
 * enforcement's broker seam wrapped to note when each account's check starts. Answers each
 * pass's wall time, CPU time and outcomes.
 */
function startWorker(ctx: AppContext, options: Omit<EnforcementOptions, 'brokerFor'> = {}) {
  const checks = new Map<string, number[]>();
  const passes: Array<{ ms: number; cpuMs: number; outcomes: Record<string, PassOutcome> }> = [];
  const brokerFor: EnforcementOptions['brokerFor'] = (c, account) => {
    const list = checks.get(account.id) ?? [];
    list.push(performance.now());
    checks.set(account.id, list);
    return enforcementBrokerFor(c, account);
  };
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running ??= (async () => {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const outcomes = await enforceAll(ctx, { ...options, brokerFor });
      const used = process.cpuUsage(cpu);
      passes.push({ ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, outcomes });
    })().finally(() => (running = null));
  };
  tick();
  const timer = setInterval(tick, ENFORCE_EVERY_MS);
  return {
    checks,
    passes,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

function benchContext(database: Awaited<ReturnType<typeof openDb>>['database'], simUrl: string): AppContext {
  return {
    config: loadConfig({
      NODE_ENV: 'test',
      APP_KEY: Buffer.alloc(32, 1).toString('base64'),
      BROKER_DEMO_URL: simUrl,
      BROKER_LIVE_URL: simUrl,
    }),
    db: database.db,
    database,
    mailer: { send: async () => {} },
    jobs: { send: async () => null },
    log: pino({ level: 'silent' }),
    errors: createErrorReporter({ dsn: undefined, environment: 'bench' }),
    memory: createProcessMemory(),
    now: () => new Date(),
  };
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

/** (a) Breach → flat, REPS times, on one protected account with the worker loop running. */
async function breachToFlat(ctx: AppContext, sim: Sim) {
  const [account] = await protect(ctx, 0, 1, 500);
  const worker = startWorker(ctx);
  const endToEnd: number[] = [];
  const fromCheck: number[] = [];
  try {
    for (let rep = 0; rep < REPS; rep++) {
      await sim.pin(null);
      // A fresh trading day for the account: unlocked, its start balance noted by the next pass
      // (which therefore saw it unlocked: the order placed after it is not flattened as a relock).
      await ctx.db
        .update(riskAccountStates)
        .set({ lockedUntil: null, lockedAt: null, lockRule: null, lockNumbers: null, tradingDay: null, startBalance: null })
        .where(eq(riskAccountStates.tradingAccountId, account!.accountId));
      for (;;) {
        const [state] = await ctx.db.select().from(riskAccountStates).where(eq(riskAccountStates.tradingAccountId, account!.accountId));
        if (state?.startBalance) break;
        await sleep(50);
      }
      await place(sim, account!);
      const [position] = await sim.positions(account!.brokerId);
      // The breach lands anywhere in the worker's 5 s cycle.
      await sleep(Math.random() * ENFORCE_EVERY_MS);
      await sim.pin(Math.round(position!.avgPrice - 1_000)); // $1,000 lost on one lot: past $500
      const breached = performance.now();
      for (;;) {
        const open = await sim.positions(account!.brokerId);
        const [locked] = await ctx.db
          .select({ id: riskAccountStates.tradingAccountId })
          .from(riskAccountStates)
          .where(and(eq(riskAccountStates.tradingAccountId, account!.accountId), isNotNull(riskAccountStates.lockedUntil)));
        if (open.length === 0 && locked) break;
        await sleep(10);
      }
      const flat = performance.now();
      // The pass that flattened: the last check of the account started before it was flat.
      const checked = worker.checks.get(account!.accountId)!.filter((at) => at <= flat).at(-1)!;
      endToEnd.push(flat - breached);
      fromCheck.push(flat - checked);
      console.log(`  rep ${rep + 1}: breach → flat and locked ${fmt(flat - breached)} (the pass that saw it: ${fmt(flat - checked)})`);
    }
  } finally {
    await worker.stop();
    await sim.pin(null);
  }
  // The account leaves the watch list for part (b): rules removed, lock lifted.
  await ctx.db.delete(riskAccountRules).where(eq(riskAccountRules.tradingAccountId, account!.accountId));
  await ctx.db.update(riskAccountStates).set({ lockedUntil: null }).where(eq(riskAccountStates.tradingAccountId, account!.accountId));
  endToEnd.sort((x, y) => x - y);
  fromCheck.sort((x, y) => x - y);
  return {
    p50: percentile(endToEnd, 50),
    max: endToEnd.at(-1)!,
    checkP50: percentile(fromCheck, 50),
    checkMax: fromCheck.at(-1)!,
  };
}

/** (b) PASSES worker passes over every protected account at one broker latency. */
async function manyAccounts(ctx: AppContext, sim: Sim, ids: string[], latencyMs: number, options: Omit<EnforcementOptions, 'brokerFor'>) {
  await sim.latency(latencyMs);
  const before = await sim.stats();
  const started = performance.now();
  const worker = startWorker(ctx, options);
  // PASSES passes, or as many as finish in a minute when a pass is slow (the last one is awaited).
  while (worker.passes.length < PASSES && performance.now() - started < 60_000) await sleep(100);
  await worker.stop();
  const minutes = (performance.now() - started) / 60_000;
  const after = await sim.stats();
  const ms = worker.passes.map((p) => p.ms).sort((x, y) => x - y);
  const cpu = worker.passes.map((p) => p.cpuMs).sort((x, y) => x - y);
  const checkedAll = worker.passes.map((p) => ids.filter((id) => p.outcomes[id]?.kind === 'checked').length);
  // The longest wait of any account between two checks (the first check starts the clock).
  let worstGap = 0;
  for (const id of ids) {
    const at = worker.checks.get(id) ?? [];
    for (let i = 1; i < at.length; i++) worstGap = Math.max(worstGap, at[i]! - at[i - 1]!);
  }
  return {
    passes: worker.passes.length,
    passMedian: percentile(ms, 50),
    passMax: ms.at(-1)!,
    cpuMedian: percentile(cpu, 50),
    callsPerMinute: (after.calls - before.calls) / minutes,
    limited: after.limited - before.limited,
    byPath: Object.fromEntries(Object.entries(after.byPath).map(([path, n]) => [path, n - (before.byPath[path] ?? 0)])),
    checkedAll: Math.min(...checkedAll),
    worstGap,
  };
}

async function main() {
  const sim = await startSim(ACCOUNTS + 1);
  const db = await openDb();
  const ctx = benchContext(db.database, sim.url);
  const load = loadavg().map((l) => l.toFixed(2)).join(', ');
  console.log(`Risk Manager enforcement on ${db.label}; load average at start ${load}`);

  console.log(`(a) breach → flat, ${REPS} repetitions (loopback simulator, no added latency)`);
  const latency = await breachToFlat(ctx, sim);
  console.log(
    `(a) breach → flat and locked: p50 ${fmt(latency.p50)}, max ${fmt(latency.max)} (target ≤ 3 s); ` +
      `from the pass that saw the breach: p50 ${fmt(latency.checkP50)}, max ${fmt(latency.checkMax)}`,
  );

  console.log(`(b) setting up ${ACCOUNTS} protected accounts, each with an open position and a working limit order`);
  const accounts = await protect(ctx, 1, ACCOUNTS + 1, 20_000);
  for (let i = 0; i < accounts.length; i += 50) {
    await Promise.all(
      accounts.slice(i, i + 50).map(async (a) => {
        await place(sim, a);
        await place(sim, a, { type: 'limit', validity: 'GTC', price: 50_000 });
      }),
    );
  }
  const ids = accounts.map((a) => a.accountId);
  const rows = await ctx.db.select({ id: riskAccountRules.tradingAccountId }).from(riskAccountRules).where(inArray(riskAccountRules.tradingAccountId, ids));
  if (rows.length !== ACCOUNTS) throw new Error('accounts not protected');

  // One by one (the pass before ENFORCE_CONCURRENCY) on the loopback broker, then as shipped.
  const variants = [{ concurrency: 1, latencyMs: 0 }, ...LATENCIES.map((latencyMs) => ({ concurrency: ENFORCE_CONCURRENCY, latencyMs }))];
  const results = [];
  for (const { concurrency, latencyMs } of variants) {
    const result = await manyAccounts(ctx, sim, ids, latencyMs, { concurrency });
    results.push(result);
    console.log(
      `(b) ${ACCOUNTS} accounts, ${concurrency} at a time, broker latency ${latencyMs} ms: ${result.passes} passes, pass p50 ${fmt(result.passMedian)}, max ${fmt(result.passMax)}; ` +
        `worker CPU p50 ${result.cpuMedian.toFixed(0)} ms per pass; ${Math.round(result.callsPerMinute).toLocaleString('en-US')} broker calls/min ` +
        `(${(result.callsPerMinute / ACCOUNTS).toFixed(1)} per account/min; the simulator allows 600/min per account and call type), ${result.limited} answered 429; ` +
        `accounts checked in every pass ${result.checkedAll}/${ACCOUNTS}; longest gap between two checks of one account ${fmt(result.worstGap)}`,
    );
    console.log(`    calls by route: ${JSON.stringify(result.byPath)}`);
  }
  console.log(`load average at end ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  await db.drop();
  await sim.stop();
  const shipped = results.slice(1);
  const ok = latency.max <= 3_000 && shipped.every((r) => r.passMax <= ENFORCE_EVERY_MS && r.checkedAll === ACCOUNTS && r.limited === 0);
  console.log(`targets ${ok ? 'met' : 'MISSED'}`);
  process.exit(ok ? 0 : 1);
}

if (process.argv[2] === 'sim') runSim(Number(process.argv[3]));
else await main();
