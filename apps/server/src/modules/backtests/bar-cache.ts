/**
 * The one-minute bar cache behind backtests. History does not change, so every minute is asked
 * of the broker once: the ranges already fetched are kept per instrument (merged into disjoint
 * spans) and a backtest fetches only the gaps, then reads everything from the database.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Bar, InstrumentSymbol } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { marketBarRanges } from '../../db/schema/index.ts';
import { historyWindows, type BarSource, type SourceBar } from './bar-source.ts';

const MINUTE = 60_000;
/**
 * Rows per insert statement (one array parameter per column, so no parameter limit applies).
 * Small enough that on the embedded database, where each statement has the one session to
 * itself, members' requests wait at most a few milliseconds behind one.
 */
const INSERT_BATCH = 2_000;
/** Bars read per statement, for the same reason: a week of minutes. */
const READ_SPAN_MS = 7 * 86_400_000;

export type Span = [from: number, to: number];

/** Overlapping or touching spans (minute open times, both ends included) become one. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const merged: Span[] = [];
  for (const [from, to] of sorted) {
    const last = merged.at(-1);
    if (last && from <= last[1] + MINUTE) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** The parts of [from, to] no covered span includes. */
export function missingSpans(covered: readonly Span[], from: number, to: number): Span[] {
  const gaps: Span[] = [];
  let cursor = from;
  for (const [a, b] of mergeSpans(covered)) {
    if (b < cursor) continue;
    if (a > to) break;
    if (a > cursor) gaps.push([cursor, Math.min(to, a - MINUTE)]);
    cursor = Math.max(cursor, b + MINUTE);
    if (cursor > to) break;
  }
  if (cursor <= to) gaps.push([cursor, to]);
  return gaps;
}

async function coveredSpans(ctx: AppContext, instrument: string): Promise<Span[]> {
  const rows = await ctx.db
    .select({ fromT: marketBarRanges.fromT, toT: marketBarRanges.toT })
    .from(marketBarRanges)
    .where(eq(marketBarRanges.instrument, instrument))
    .orderBy(asc(marketBarRanges.fromT));
  return rows.map((r) => [r.fromT.getTime(), r.toT.getTime()]);
}

async function insertBars(ctx: AppContext, instrument: string, bars: readonly SourceBar[]) {
  for (let i = 0; i < bars.length; i += INSERT_BATCH) {
    const batch = bars.slice(i, i + INSERT_BATCH);
    await ctx.database.query(
      `insert into market_bars (instrument, t, o, h, l, c, v)
       select $1, to_timestamp(u.t / 1000.0), u.o, u.h, u.l, u.c, u.v
       from unnest($2::float8[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[])
         as u(t, o, h, l, c, v)
       on conflict (instrument, t) do nothing`,
      [
        instrument,
        batch.map((b) => b.t),
        batch.map((b) => String(b.o)),
        batch.map((b) => String(b.h)),
        batch.map((b) => String(b.l)),
        batch.map((b) => String(b.c)),
        batch.map((b) => String(b.v)),
      ],
    );
  }
}

/** Records [from, to] as fetched, merging it with the spans it overlaps or touches. */
async function recordSpan(ctx: AppContext, instrument: string, span: Span) {
  await ctx.db.transaction(async (tx) => {
    const near = and(
      eq(marketBarRanges.instrument, instrument),
      lte(marketBarRanges.fromT, new Date(span[1] + MINUTE)),
      gte(marketBarRanges.toT, new Date(span[0] - MINUTE)),
    );
    const touching = await tx.select().from(marketBarRanges).where(near);
    const [merged] = mergeSpans([span, ...touching.map((r): Span => [r.fromT.getTime(), r.toT.getTime()])]);
    if (!merged) return;
    await tx.delete(marketBarRanges).where(near);
    await tx
      .insert(marketBarRanges)
      .values({ instrument, fromT: new Date(merged[0]), toT: new Date(merged[1]), fetchedAt: ctx.now() })
      .onConflictDoUpdate({
        target: [marketBarRanges.instrument, marketBarRanges.fromT],
        set: { toT: new Date(merged[1]), fetchedAt: ctx.now() },
      });
  });
}

export type CacheReport = { fetchedWindows: number; fetchedBars: number };

/**
 * Makes sure every minute of [fromMs, toMs] has been fetched, calling `source` only for the
 * gaps (in windows the broker accepts), and reports each window for a progress bar. Minutes
 * not closed yet are never recorded as fetched: they would be cached before they exist.
 */
export async function fillBarCache(
  ctx: AppContext,
  instrument: InstrumentSymbol,
  fromMs: number,
  toMs: number,
  source: () => Promise<BarSource>,
  onWindow: (done: number, total: number) => Promise<void> = async () => {},
): Promise<CacheReport> {
  const lastClosed = Math.floor(ctx.now().getTime() / MINUTE) * MINUTE - MINUTE;
  const from = Math.ceil(fromMs / MINUTE) * MINUTE;
  const to = Math.min(Math.floor(toMs / MINUTE) * MINUTE, lastClosed);
  const report: CacheReport = { fetchedWindows: 0, fetchedBars: 0 };
  if (to < from) return report;
  const windows = missingSpans(await coveredSpans(ctx, instrument), from, to).flatMap(([a, b]) =>
    historyWindows(a, b),
  );
  if (windows.length === 0) return report;
  const bars = await source();
  for (const [a, b] of windows) {
    const fetched = await bars.minuteBars(instrument, a, b);
    await insertBars(ctx, instrument, fetched);
    await recordSpan(ctx, instrument, [a, b]);
    report.fetchedWindows += 1;
    report.fetchedBars += fetched.length;
    await onWindow(report.fetchedWindows, windows.length);
  }
  return report;
}

/**
 * Cached bars with open time in [fromMs, toMs], oldest first, as one text value ("t,o,h,l,c;…")
 * for `parseBars`: building a row object per minute (~350,000 a year) costs more than the
 * backtest itself, and text crosses to the backtest's thread in one copy. Prices keep their digits.
 */
export async function cachedBarsText(ctx: AppContext, instrument: string, fromMs: number, toMs: number): Promise<string> {
  const parts: string[] = [];
  for (let start = fromMs; start <= toMs; start += READ_SPAN_MS) {
    const [row] = await ctx.database.query<{ bars: string | null }>(
      `select string_agg(concat_ws(',', (extract(epoch from t) * 1000)::bigint, o, h, l, c), ';' order by t) as bars
       from market_bars
       where instrument = $1 and t >= to_timestamp($2 / 1000.0) and t <= to_timestamp($3 / 1000.0)`,
      [instrument, start, Math.min(toMs, start + READ_SPAN_MS - 1)],
    );
    if (row?.bars) parts.push(row.bars);
  }
  return parts.join(';');
}

/** The bars of `cachedBarsText`, as the engine reads them. */
export function parseBars(text: string): Bar[] {
  if (!text) return [];
  return text.split(';').map((line) => {
    const [t, o, h, l, c] = line.split(',');
    return { t: Number(t), o: Number(o), h: Number(h), l: Number(l), c: Number(c) };
  });
}
