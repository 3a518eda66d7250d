// AlphaORB engine benchmark: `npx tsx bench/orb-engine.ts`.
// 1. Bar events per second through step() on one core (target ≥ 1,000,000/s).
// 2. One year of 1-minute bars backtested (target ≤ 0.5 s).
// Bars are generated in-process from a seeded PRNG, so every run measures the same market.
import {
  backtest,
  createRun,
  normalizeOrbSettings,
  planRun,
  runDaysBetween,
  step,
} from '../packages/domain/src/orb/index.ts';
import type { Bar, OrbRunState } from '../packages/domain/src/orb/index.ts';
import { seededRandom } from '../packages/domain/src/random.ts';

/** Weekday bars around the clock (a CFD index like NAS100) for one calendar year. */
function yearOfBars(year: number, seed: number): Bar[] {
  const rand = seededRandom(seed);
  const bars: Bar[] = [];
  let price = 18_000;
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  for (let t = start; t < end; t += 60_000) {
    const weekday = new Date(t).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const o = price;
    const c = Math.round((o + (rand() - 0.5) * 12) * 4) / 4;
    const h = Math.round((Math.max(o, c) + rand() * 6) * 4) / 4;
    const l = Math.round((Math.min(o, c) - rand() * 6) * 4) / 4;
    bars.push({ t, o, h, l, c });
    price = c;
  }
  return bars;
}

const settings = normalizeOrbSettings({
  instrument: 'NAS100',
  orb_minutes: 15,
  order_type: 'limit',
  max_attempts: 3,
  risk_max_daily_trades: 3,
  run_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  take_profits: [
    { target_r: 1, size_percent: 50 },
    { target_r: 2, size_percent: 50 },
  ],
});

const format = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits });

const genStart = performance.now();
const bars = yearOfBars(2024, 42);
const genMs = performance.now() - genStart;
console.log(`Generated ${format(bars.length)} one-minute bars for 2024 in ${format(genMs)} ms`);

// 1. step() throughput: every bar of every run day goes through step(), from the run's arm time
// to its session close, the way the runner feeds a live run. Orders are not filled here, so the
// measurement is the engine alone.
function stepPass(): number {
  let events = 0;
  let i = 0;
  for (const day of runDaysBetween(settings, bars[0]!.t, bars[bars.length - 1]!.t)) {
    const window = planRun(settings, day);
    while (i < bars.length && bars[i]!.t < window.armAt) i += 1;
    let run: OrbRunState = createRun({ runId: `bench-${day}`, window });
    while (i < bars.length && bars[i]!.t < window.flattenAt) {
      run = step(run, { type: 'bar', bar: bars[i]! }, settings).state;
      i += 1;
      events += 1;
    }
  }
  return events;
}

// Pure step() over pre-planned runs: planning (luxon, once per run) is kept out of the timing.
const plans = runDaysBetween(settings, bars[0]!.t, bars[bars.length - 1]!.t).map((day) =>
  planRun(settings, day),
);
const events: { run: OrbRunState; from: number; to: number }[] = [];
{
  let i = 0;
  for (const window of plans) {
    while (i < bars.length && bars[i]!.t < window.armAt) i += 1;
    const from = i;
    while (i < bars.length && bars[i]!.t < window.flattenAt) i += 1;
    events.push({ run: createRun({ runId: `bench-${window.tradingDay}`, window }), from, to: i });
  }
}
function pureStepPass(): number {
  let count = 0;
  let placed = 0;
  for (const { run: initial, from, to } of events) {
    let run = initial;
    for (let i = from; i < to; i += 1) {
      const result = step(run, { type: 'bar', bar: bars[i]! }, settings);
      run = result.state;
      placed += result.actions.length;
    }
    count += to - from;
  }
  if (placed === 0) throw new Error('benchmark produced no actions');
  return count;
}

for (let i = 0; i < 3; i += 1) pureStepPass(); // warm-up
let best = 0;
for (let round = 0; round < 5; round += 1) {
  const t0 = performance.now();
  let total = 0;
  for (let k = 0; k < 5; k += 1) total += pureStepPass();
  const seconds = (performance.now() - t0) / 1000;
  best = Math.max(best, total / seconds);
}
const withPlanning = (() => {
  const t0 = performance.now();
  const n = stepPass();
  return n / ((performance.now() - t0) / 1000);
})();
console.log(
  `step(): ${format(best)} bar events/s on one core (target ≥ 1,000,000/s) ${best >= 1_000_000 ? 'OK' : 'MISSED'}`,
);
console.log(`step() incl. planning each run with luxon: ${format(withPlanning)} bar events/s`);

// 2. One year backtested end to end (planning, paper broker, stats), best of five after a warm-up.
backtest(settings, bars, { commissionPerLot: 2, entrySlippage: 0.25, stopSlippage: 0.5 });
let fastest = Infinity;
let last = backtest(settings, bars);
for (let round = 0; round < 5; round += 1) {
  const t0 = performance.now();
  last = backtest(settings, bars, { commissionPerLot: 2, entrySlippage: 0.25, stopSlippage: 0.5 });
  fastest = Math.min(fastest, performance.now() - t0);
}
const s = last.stats;
console.log(
  `backtest(): one year (${format(bars.length)} bars, ${s.tradingDays} trading days) in ${format(fastest, 1)} ms ` +
    `(target ≤ 500 ms) ${fastest <= 500 ? 'OK' : 'MISSED'}`,
);
console.log(
  `  ${s.trades} trades, win rate ${s.winRate}%, P&L ${format(s.totalPnl, 2)}, profit factor ${s.profitFactor ?? '–'}, ` +
    `expectancy ${s.expectancyR ?? '–'}R, max drawdown ${format(s.maxDrawdown, 2)}, exits ${JSON.stringify(s.exitsByReason)}`,
);
console.log(`Node ${process.version}`);
