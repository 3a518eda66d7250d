/**
 * Bars at the resolutions TradeLocker serves, aggregated from the one-minute market so every
 * resolution agrees with the others. Buckets are aligned to UTC; weeks start on Monday.
 */
import { instrumentOf, type SimInstrument } from './instruments.ts';
import { barsFor, type Bar } from './market.ts';

export const RESOLUTIONS = ['1m', '5m', '15m', '30m', '1H', '4H', '1D', '1W', '1M'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

const MINUTE = 60_000;
const fixedMs: Record<Exclude<Resolution, '1M'>, number> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1H': 60 * MINUTE,
  '4H': 240 * MINUTE,
  '1D': 1_440 * MINUTE,
  '1W': 7 * 1_440 * MINUTE,
};

export function isResolution(value: string): value is Resolution {
  return (RESOLUTIONS as readonly string[]).includes(value);
}

/** Upper bound of bars a request can produce, used to reject oversized requests up front. */
export function barCountUpperBound(resolution: Resolution, fromMs: number, toMs: number): number {
  const step = resolution === '1M' ? 28 * 1_440 * MINUTE : fixedMs[resolution];
  return Math.floor(Math.max(0, toMs - fromMs) / step) + 1;
}

function bucketStart(resolution: Resolution, ms: number): number {
  if (resolution === '1M') {
    const d = new Date(ms);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  if (resolution === '1W') {
    const mondayOffset = 4 * 1_440 * MINUTE; // 1970-01-05 was a Monday
    const step = fixedMs['1W'];
    return Math.floor((ms - mondayOffset) / step) * step + mondayOffset;
  }
  const step = fixedMs[resolution];
  return Math.floor(ms / step) * step;
}

/** Bars whose bucket starts within [fromMs, toMs]; buckets without trading are skipped. */
export function barsAtResolution(
  instrument: string | SimInstrument,
  resolution: Resolution,
  fromMs: number,
  toMs: number,
): Bar[] {
  const inst = instrumentOf(instrument);
  if (resolution === '1m') return barsFor(inst, fromMs, toMs);
  const firstBucket = bucketStart(resolution, fromMs);
  const start = firstBucket < fromMs ? nextBucket(resolution, firstBucket) : firstBucket;
  const end = nextBucket(resolution, bucketStart(resolution, toMs)) - 1;
  const out: Bar[] = [];
  let current: Bar | undefined;
  for (const bar of barsFor(inst, start, end)) {
    const t = bucketStart(resolution, bar.t);
    if (current && current.t === t) {
      current.h = Math.max(current.h, bar.h);
      current.l = Math.min(current.l, bar.l);
      current.c = bar.c;
      current.v += bar.v;
    } else {
      current = { ...bar, t };
      out.push(current);
    }
  }
  return out.filter((b) => b.t >= fromMs && b.t <= toMs);
}

function nextBucket(resolution: Resolution, start: number): number {
  if (resolution === '1M') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return start + fixedMs[resolution];
}
