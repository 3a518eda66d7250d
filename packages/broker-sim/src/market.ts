/**
 * The deterministic market. Every price is a pure function of (instrument, time): the price at
 * each minute boundary is the instrument's base price moved by layered, smoothly interpolated
 * hash noise (long swings to minute jitter, scaled like a random walk), so any range of bars
 * can be produced without storing anything, and the same minute always looks the same.
 */
import { instrumentOf, roundToTick, type SimInstrument } from './instruments.ts';
import { isMarketOpen } from './trading-hours.ts';

export interface Bar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

const MINUTE = 60_000;

/** 32-bit integer hash of three integers (a variant of murmur's finaliser), in [0, 1). */
function hash01(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h ^= Math.imul(b ^ (h >>> 13), 0xc2b2ae35);
  h ^= Math.imul(c ^ (h >>> 16), 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return (h >>> 0) / 4_294_967_296;
}

function seedOf(inst: SimInstrument): number {
  return Number(inst.tradableInstrumentId) * 7919;
}

/** Noise layers: period in minutes and weight (≈ √period so the sum behaves like a walk). */
const LAYERS: Array<[period: number, weight: number]> = [
  [259_200, 0.9],
  [43_200, 0.9],
  [7_200, 0.8],
  [1_440, 0.7],
  [360, 0.55],
  [90, 0.45],
  [20, 0.4],
  [5, 0.35],
];

function smooth(f: number): number {
  return f * f * (3 - 2 * f);
}

/** Mid price at the start of a minute (minute = ms / 60 000, an integer). */
export function priceAtMinute(inst: SimInstrument, minute: number): number {
  const seed = seedOf(inst);
  let logMove = 0;
  for (let i = 0; i < LAYERS.length; i++) {
    const [period, weight] = LAYERS[i]!;
    const k = Math.floor(minute / period);
    const f = smooth((minute - k * period) / period);
    const a = hash01(seed, i, k) * 2 - 1;
    const b = hash01(seed, i, k + 1) * 2 - 1;
    const amplitude = inst.dailyVol * weight * Math.sqrt(period / 1_440);
    logMove += amplitude * (a + (b - a) * f);
  }
  logMove += inst.dailyVol * 0.03 * (hash01(seed, 99, minute) * 2 - 1);
  return roundToTick(inst, inst.basePrice * Math.exp(logMove));
}

/** The one-minute bar starting at `minute` (whether or not the market is open then). */
export function barAtMinute(inst: SimInstrument, minute: number): Bar {
  const seed = seedOf(inst);
  const o = priceAtMinute(inst, minute);
  const c = priceAtMinute(inst, minute + 1);
  const wick = inst.basePrice * inst.dailyVol * 0.02;
  const h = roundToTick(inst, Math.max(o, c) + wick * hash01(seed, 101, minute));
  const l = roundToTick(inst, Math.min(o, c) - wick * hash01(seed, 102, minute));
  const v = 20 + Math.floor(hash01(seed, 103, minute) * 480);
  return { t: minute * MINUTE, o, h: Math.max(h, o, c), l: Math.min(l, o, c), c, v };
}

export function isOpenAt(inst: SimInstrument, ms: number): boolean {
  return isMarketOpen(inst.session, ms);
}

/** All one-minute bars with open time in [fromMs, toMs] (inclusive) while the market trades. */
export function barsFor(instrument: string | SimInstrument, fromMs: number, toMs: number): Bar[] {
  const inst = instrumentOf(instrument);
  const bars: Bar[] = [];
  for (let m = Math.ceil(fromMs / MINUTE); m * MINUTE <= toMs; m++) {
    if (isOpenAt(inst, m * MINUTE)) bars.push(barAtMinute(inst, m));
  }
  return bars;
}

/**
 * The price path inside one minute as straight pieces: open → low → high → close on an up
 * bar, open → high → low → close on a down bar. Orders trigger and fill along this path.
 */
export function minutePath(inst: SimInstrument, minute: number): Array<[t: number, p: number]> {
  const bar = barAtMinute(inst, minute);
  const t = bar.t;
  const [first, second] = bar.c >= bar.o ? [bar.l, bar.h] : [bar.h, bar.l];
  return [
    [t, bar.o],
    [t + 20_000, first],
    [t + 40_000, second],
    [t + MINUTE, bar.c],
  ];
}

/** Mid price at any instant while the market trades (on the minute's path). */
export function midAt(inst: SimInstrument, ms: number): number {
  const minute = Math.floor(ms / MINUTE);
  const path = minutePath(inst, minute);
  for (let i = 1; i < path.length; i++) {
    const [t1, p1] = path[i]!;
    const [t0, p0] = path[i - 1]!;
    if (ms <= t1) return roundToTick(inst, p0 + ((p1 - p0) * (ms - t0)) / (t1 - t0));
  }
  return path[path.length - 1]![1];
}

/** Last traded mid at or before an instant: the live path when open, else the last close. */
export function lastMid(inst: SimInstrument, ms: number): number {
  if (isOpenAt(inst, ms)) return midAt(inst, ms);
  // The longest CME closure is the weekend (49 h): walk back to the last traded minute.
  for (let m = Math.floor(ms / MINUTE) - 1, n = 0; n < 7 * 1_440; m--, n++) {
    if (isOpenAt(inst, m * MINUTE)) return barAtMinute(inst, m).c;
  }
  return priceAtMinute(inst, Math.floor(ms / MINUTE));
}

export interface Quote {
  bid: number;
  ask: number;
  mid: number;
  open: boolean;
}

export function halfSpread(inst: SimInstrument): number {
  return (inst.spreadTicks * inst.tickSize) / 2;
}

/**
 * Prices pinned by the `/__sim/prices` control, by tradableInstrumentId: while an instrument
 * is pinned its mid is the pinned price (quotes, fills, open P&L, equity), so a test can move
 * the market on command; clearing the pin returns it to its deterministic path.
 */
export type PricePins = ReadonlyMap<string, number>;

export function quoteAt(instrument: string | SimInstrument, ms: number, pins?: PricePins): Quote {
  const inst = instrumentOf(instrument);
  const pinned = pins?.get(inst.tradableInstrumentId);
  const mid = pinned === undefined ? lastMid(inst, ms) : roundToTick(inst, pinned);
  const bid = roundToTick(inst, mid - halfSpread(inst));
  return {
    bid,
    ask: roundToTick(inst, bid + inst.spreadTicks * inst.tickSize),
    mid,
    open: isOpenAt(inst, ms),
  };
}
