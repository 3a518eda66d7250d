/**
 * The trade chart of the trade detail (issue #24): which window of market bars a trade is
 * drawn on, one-minute bars gathered into 5 or 15 minutes, the sessions (§4.4) to shade, and
 * how far price went against and for the trade while it was open (MAE and MFE).
 * Pure functions: the server runs them over the bar cache, tests over hand-made bars.
 */
import type { Bar } from './orb/types.ts';
import { parseAmount, roundToCents } from './money.ts';
import { valuePerPoint as instrumentValuePerPoint } from './instruments.ts';
import { riskAmountOf, type TradeLike } from './trades.ts';
import { sessionWindowsFor, type SessionLabel } from './trading-sessions.ts';
import { torontoDateOf } from './trade-dates.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

export const CHART_TIMEFRAMES = [1, 5, 15] as const;
export type ChartTimeframe = (typeof CHART_TIMEFRAMES)[number];

/** At least this much market before the entry and after the exit, so a scalp has context. */
export const CHART_MIN_PADDING_MS = 30 * MINUTE;
/** At most this much on either side, so a swing trade's chart stays about the trade. */
export const CHART_MAX_PADDING_MS = DAY;

/**
 * The bars a trade is drawn on: from before the entry to after the exit, padded on each side by
 * half the trade's length (at least 30 minutes, at most a day), on whole minutes. The padded
 * window never spans more than `maxMinutes` (one broker history call): the padding shrinks
 * first; a trade longer than that on its own has no window (null), nor has one without both times.
 */
export function tradeChartWindow(entryMs: number | null, exitMs: number | null, maxMinutes: number): { fromMs: number; toMs: number } | null {
  if (entryMs === null || exitMs === null || exitMs < entryMs) return null;
  const entryMinute = Math.floor(entryMs / MINUTE) * MINUTE;
  const exitMinute = Math.floor(exitMs / MINUTE) * MINUTE;
  const tradeMinutes = (exitMinute - entryMinute) / MINUTE + 1;
  if (tradeMinutes > maxMinutes) return null;
  const wanted = Math.min(CHART_MAX_PADDING_MS, Math.max(CHART_MIN_PADDING_MS, (exitMs - entryMs) / 2));
  const room = Math.floor((maxMinutes - tradeMinutes) / 2) * MINUTE;
  const padding = Math.min(Math.floor(wanted / MINUTE) * MINUTE, room);
  return { fromMs: entryMinute - padding, toMs: exitMinute + padding };
}

/**
 * One-minute bars gathered into `minutes`-minute bars aligned on the clock (a 5-minute bar opens
 * at :00, :05…): first open, highest high, lowest low, last close. A period with no minute at
 * all stays a gap, never an invented flat bar. Bars must be sorted by time.
 */
export function aggregateBars(bars: readonly Bar[], minutes: number): Bar[] {
  if (minutes <= 1) return bars.map((b) => ({ ...b }));
  const size = minutes * MINUTE;
  const out: Bar[] = [];
  let current: Bar | null = null;
  for (const bar of bars) {
    const start = Math.floor(bar.t / size) * size;
    if (current && current.t === start) {
      current.h = Math.max(current.h, bar.h);
      current.l = Math.min(current.l, bar.l);
      current.c = bar.c;
    } else {
      current = { t: start, o: bar.o, h: bar.h, l: bar.l, c: bar.c };
      out.push(current);
    }
  }
  return out;
}

export type SessionSpan = { label: SessionLabel; fromMs: number; toMs: number };

/** The §4.4 sessions that overlap [fromMs, toMs], clipped to it, in time order. */
export function sessionSpans(fromMs: number, toMs: number): SessionSpan[] {
  if (toMs < fromMs) return [];
  const spans: SessionSpan[] = [];
  // A trading date D covers 19:00 on D−1 to 19:00 on D (Toronto): walk the dates of the window.
  const first = torontoDateOf(fromMs);
  const last = torontoDateOf(toMs + DAY);
  if (!first || !last) return [];
  for (let day = Date.parse(`${first}T12:00:00Z`); ; day += DAY) {
    const date = new Date(day).toISOString().slice(0, 10);
    for (const w of sessionWindowsFor(date) ?? []) {
      const a = Math.max(fromMs, Date.parse(w.fromUtc));
      const b = Math.min(toMs, Date.parse(w.toUtc));
      if (b > a && !spans.some((s) => s.fromMs === a)) spans.push({ label: w.label, fromMs: a, toMs: b });
    }
    if (date >= last) break;
  }
  return spans.sort((x, y) => x.fromMs - y.fromMs);
}

export type TradeExcursions = {
  /** Maximum adverse excursion: the furthest price went against the trade, in points (≥ 0). */
  maePoints: number;
  /** Maximum favourable excursion: the furthest price went for the trade, in points (≥ 0). */
  mfePoints: number;
  /** The same in money for the trade's size, to the cent; null without a size. */
  maeMoney: number | null;
  mfeMoney: number | null;
  /** The same in R (÷ the money at risk); null when the trade has no risk (no stop). */
  maeR: number | null;
  mfeR: number | null;
  /** What the exit gave back of the best price seen: MFE less the trade's own move, money and R. */
  leftOnTableMoney: number | null;
  leftOnTableR: number | null;
  /** Worst and best prices the trade surely saw. */
  worstPrice: number;
  bestPrice: number;
  /** Milliseconds from entry to exit. */
  timeInTradeMs: number;
};

const roundR = (value: number) => Math.round(value * 100) / 100 + 0;

/**
 * MAE and MFE of a closed trade over one-minute bars (sorted, open time `t`, each covering
 * [t, t + 1 minute)). Only prices the trade surely saw count: the whole range of each minute
 * inside the trade, the entry and exit prices, and of the minutes it entered and left in only
 * the close of the first (when the trade outlived it) and the open of the last (when the trade
 * was already open at its start); the rest of those minutes may be before the entry or after the
 * exit. Null when the trade lacks its side, prices or times, or no bar touches it.
 */
export function tradeExcursions(trade: TradeLike, bars: readonly Bar[]): TradeExcursions | null {
  const entry = parseAmount(trade.entry_price);
  const exit = parseAmount(trade.exit_price);
  const entryMs = trade.entry_time ? Date.parse(trade.entry_time) : NaN;
  const exitMs = trade.exit_time ? Date.parse(trade.exit_time) : NaN;
  const side = trade.side?.toLowerCase();
  const long = side === 'buy' || side === 'long';
  const short = side === 'sell' || side === 'short';
  if (entry === null || exit === null || Number.isNaN(entryMs) || Number.isNaN(exitMs) || exitMs < entryMs) return null;
  if (!long && !short) return null;

  let high = Math.max(entry, exit);
  let low = Math.min(entry, exit);
  let touched = false;
  for (const bar of bars) {
    const end = bar.t + MINUTE;
    if (end <= entryMs || bar.t > exitMs) continue;
    touched = true;
    const holdsEntry = bar.t <= entryMs;
    const holdsExit = exitMs < end;
    if (!holdsEntry && !holdsExit) {
      high = Math.max(high, bar.h);
      low = Math.min(low, bar.l);
      continue;
    }
    if (holdsEntry && !holdsExit) {
      high = Math.max(high, bar.c);
      low = Math.min(low, bar.c);
    }
    if (holdsExit && !holdsEntry) {
      high = Math.max(high, bar.o);
      low = Math.min(low, bar.o);
    }
  }
  if (!touched) return null;

  const maePoints = long ? entry - low : high - entry;
  const mfePoints = long ? high - entry : entry - low;
  const movePoints = long ? exit - entry : entry - exit;
  const quantity = parseAmount(trade.quantity) ?? parseAmount(trade.qty);
  const perPoint = parseAmount(trade.value_per_point) ?? parseAmount(trade.contract_size) ?? instrumentValuePerPoint(trade.instrument);
  const perPointMoney = quantity !== null && perPoint !== null ? Math.abs(quantity) * perPoint : null;
  const money = (points: number) => (perPointMoney === null ? null : roundToCents(points * perPointMoney) + 0);
  const risk = riskAmountOf(trade);
  const inR = (points: number) => (risk === null || perPointMoney === null ? null : roundR((points * perPointMoney) / risk));
  const leftPoints = Math.max(0, mfePoints - movePoints);
  return {
    maePoints: cleanPoints(maePoints),
    mfePoints: cleanPoints(mfePoints),
    maeMoney: money(maePoints),
    mfeMoney: money(mfePoints),
    maeR: inR(maePoints),
    mfeR: inR(mfePoints),
    leftOnTableMoney: money(leftPoints),
    leftOnTableR: inR(leftPoints),
    worstPrice: long ? low : high,
    bestPrice: long ? high : low,
    timeInTradeMs: exitMs - entryMs,
  };
}

/** Points to the price digits the bars carry, without float dust (0.30000000000000004). */
function cleanPoints(points: number): number {
  return Math.round(Math.max(0, points) * 1e6) / 1e6 + 0;
}
