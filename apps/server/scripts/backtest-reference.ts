/**
 * The AlphaORB reference backtest: `npm run backtest:reference`.
 *
 * One year (2024) of NAS100 one-minute bars from the simulator's deterministic market is written
 * to bench/data/ on the first run (and read back from there after), replayed with fixed
 * settings and fill model, and the stats are printed: the same numbers on every machine.
 * Then the worker's whole job is timed on an in-memory database: once filling the bar cache,
 * once with every bar already cached (what a member's second backtest on a range costs).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { barsFor } from '@th/broker-sim';
import { backtest, normalizeOrbSettings, type Bar, type BacktestStats } from '@th/domain';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { backtests, users } from '../src/db/schema/index.ts';
import type { BarSource, SourceBar } from '../src/modules/backtests/bar-source.ts';
import { backtestSettings, rangeMs, runBacktest } from '../src/modules/backtests/service.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const file = path.join(root, 'bench/data/nas100-2024-1m.csv');
const FROM = '2024-01-01';
const TO = '2024-12-31';
const FILL = { commissionPerLot: 2, entrySlippage: 0.25, stopSlippage: 0.5 };
const FORM = {
  orb_minutes: 15 as const,
  orb_start_local: '09:30',
  run_days: ['mon', 'tue', 'wed', 'thu', 'fri'] as const,
  lot_size: 1,
  order_type: 'limit' as const,
  max_spread: null,
  risk_max_daily_trades: 1,
  risk_max_daily_loss: null,
};

function loadBars(): SourceBar[] {
  if (!existsSync(file)) {
    const settings = normalizeOrbSettings({ timezone: 'America/New_York' });
    const [from, to] = rangeMs(FROM, TO, settings.timezone);
    const bars = barsFor('NAS100', from, to);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, ['t,o,h,l,c,v', ...bars.map((b) => `${b.t},${b.o},${b.h},${b.l},${b.c},${b.v}`)].join('\n'));
    console.log(`Wrote ${bars.length.toLocaleString('en-US')} bars to ${path.relative(root, file)}`);
  }
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => {
      const [t, o, h, l, c, v] = line.split(',').map(Number) as [number, number, number, number, number, number];
      return { t, o, h, l, c, v };
    });
}

const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function printStats(s: BacktestStats) {
  console.log(`  trades            ${s.trades} over ${s.tradingDays} trading days (${s.tradesPerDay} per day)`);
  console.log(`  total P&L         ${money(s.totalPnl)} (fees ${money(s.fees)})`);
  console.log(`  win rate          ${s.winRate}% (${s.wins} wins, ${s.losses} losses)`);
  console.log(`  profit factor     ${s.profitFactor ?? '—'}`);
  console.log(`  expectancy        ${s.expectancyR ?? '—'}R, ${money(s.expectancyMoney)} per trade`);
  console.log(`  max drawdown      ${money(s.maxDrawdown)}`);
  const e = s.exitsByReason;
  console.log(`  exits             stop ${e.stop}, target ${e.target}, session close ${e.session_close}`);
}

const bars = loadBars();
const settings = backtestSettings('NAS100', { ...FORM, run_days: [...FORM.run_days] });
const [from, to] = rangeMs(FROM, TO, settings.timezone);
const engineBars: Bar[] = bars.map(({ t, o, h, l, c }) => ({ t, o, h, l, c }));

console.log(`AlphaORB reference backtest: NAS100 ${FROM} to ${TO}, ${bars.length.toLocaleString('en-US')} one-minute bars`);
console.log(
  `  settings: ORB ${FORM.orb_minutes} min from ${FORM.orb_start_local} New York, ${FORM.order_type} orders, ` +
    `${FORM.lot_size} lot, 2R target; commission ${FILL.commissionPerLot}/lot, slippage entry ${FILL.entrySlippage} / stop ${FILL.stopSlippage} points`,
);
const reference = backtest(settings, engineBars, { from, to, ...FILL });
printStats(reference.stats);
const hold = reference.buyAndHold;
if (hold) console.log(`  buy and hold      ${money(hold.pnl)} (${hold.returnPct}%)`);

// Timings vary by machine; everything above does not.
let fastest = Infinity;
for (let i = 0; i < 6; i += 1) {
  const t0 = performance.now();
  backtest(settings, engineBars, { from, to, ...FILL });
  if (i > 0) fastest = Math.min(fastest, performance.now() - t0);
}
console.log(`\nTimings (Node ${process.version})`);
console.log(`  engine backtest(), one year:              ${fastest.toFixed(1)} ms (target ≤ 500 ms) ${fastest <= 500 ? 'OK' : 'MISSED'}`);

const database = await openDatabase({ dataDir: undefined });
await database.migrate();
const ctx = {
  config: loadConfig({ NODE_ENV: 'test', APP_KEY: Buffer.alloc(32, 1).toString('base64'), BROKER_SIM: 'false' }),
  db: database.db,
  database,
  log: pino({ level: 'silent' }),
  now: () => new Date('2025-06-01T00:00:00Z'),
} as AppContext;
const [user] = await ctx.db.insert(users).values({ email: 'reference@backtest.local', status: 'active' }).returning();
const source: BarSource = { minuteBars: async (_i, a, b) => bars.filter((bar) => bar.t >= a && bar.t <= b) };

async function timedJob(): Promise<number> {
  const [row] = await ctx.db
    .insert(backtests)
    .values({
      userId: user!.id,
      instrument: 'NAS100',
      settings,
      fromDate: FROM,
      toDate: TO,
      commissionPerLot: String(FILL.commissionPerLot),
      entrySlippage: String(FILL.entrySlippage),
      stopSlippage: String(FILL.stopSlippage),
    })
    .returning();
  const t0 = performance.now();
  await runBacktest(ctx, row!.id, { source: async () => source });
  const ms = performance.now() - t0;
  const [done] = await ctx.db.select().from(backtests).where(eq(backtests.id, row!.id));
  const stored = done?.result as { stats: { total_pnl: number } } | null;
  if (done?.status !== 'done' || stored?.stats.total_pnl !== reference.stats.totalPnl) {
    throw new Error(`The job's result differs from the reference: ${done?.status} ${done?.error ?? ''}`);
  }
  return ms;
}

const cold = await timedJob();
console.log(`  job, filling the bar cache (PGlite):       ${(cold / 1000).toFixed(2)} s`);
let warm = Infinity;
for (let i = 0; i < 3; i += 1) warm = Math.min(warm, await timedJob());
console.log(`  job, bars from the DB cache (PGlite):      ${warm.toFixed(0)} ms`);
await database.close();
