import { desc, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { InstrumentLevel, InstrumentLevelsQuery } from '@th/contracts';
import {
  INSTRUMENT_SYMBOLS,
  SESSION_LABELS,
  sessionWindowsFor,
  TRADE_TIME_ZONE,
  TRADING_SESSIONS,
  type InstrumentSymbol,
} from '@th/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { instrumentLevels } from '../../db/schema/index.ts';
import { sharedAnswer, type ContentReader } from '../../lib/revisioned-answers.ts';
import { computeSessionLevels, type SessionLevel } from './compute-levels.ts';
import type { MarketData } from './market-data.ts';

type Row = typeof instrumentLevels.$inferSelect;

const instrumentOrder = (symbol: string) => {
  const index = INSTRUMENT_SYMBOLS.indexOf(symbol as InstrumentSymbol);
  return index === -1 ? INSTRUMENT_SYMBOLS.length : index;
};
const sessionOrder = (label: string) => SESSION_LABELS.indexOf(label as (typeof SESSION_LABELS)[number]);

/** "Sun, Jan 4": the day the session ran, which for the Asian Range is the previous evening. */
function actualDateLabel(row: Row): string {
  const session = TRADING_SESSIONS.find((s) => s.label === row.session);
  const day = DateTime.fromISO(row.tradeDate, { zone: TRADE_TIME_ZONE });
  const ran = session && session.start.hour >= 19 ? day.minus({ days: 1 }) : day;
  return ran.setLocale('en-US').toFormat('ccc, LLL d');
}

function toLevel(row: Row): InstrumentLevel {
  return {
    id: row.id,
    instrument: row.instrument,
    session: row.session,
    trade_date: row.tradeDate,
    actual_date_label: actualDateLabel(row),
    high: Number(row.high),
    low: Number(row.low),
    high_at: row.highAt.toISOString(),
    low_at: row.lowAt.toISOString(),
  };
}

/**
 * One date's levels, or those of the latest `limit` dates that have any; newest date first. The
 * same for every member and read all day: kept while the levels' revision has not moved. The
 * answer depends on the stored rows only (the latest dates are those in the table, not the
 * clock's), so the query alone keys it.
 */
export function listInstrumentLevels(ctx: AppContext, reader: ContentReader, query: InstrumentLevelsQuery) {
  return sharedAnswer(ctx, reader, 'levels', `${query.date ?? ''}|${query.limit ?? ''}`, () => storedLevels(ctx, query));
}

async function storedLevels(ctx: AppContext, query: InstrumentLevelsQuery) {
  let dates: string[];
  if (query.date) {
    dates = [query.date];
  } else {
    const latest = await ctx.db
      .selectDistinct({ tradeDate: instrumentLevels.tradeDate })
      .from(instrumentLevels)
      .orderBy(desc(instrumentLevels.tradeDate))
      .limit(query.limit ?? 6);
    dates = latest.map((r) => r.tradeDate);
  }
  if (dates.length === 0) return { data: [] };
  const rows = await ctx.db.select().from(instrumentLevels).where(inArray(instrumentLevels.tradeDate, dates));
  rows.sort(
    (a, b) =>
      b.tradeDate.localeCompare(a.tradeDate) ||
      instrumentOrder(a.instrument) - instrumentOrder(b.instrument) ||
      sessionOrder(a.session) - sessionOrder(b.session),
  );
  return { data: rows.map(toLevel) };
}

/** Writes one instrument's levels for a date; a second run with the same bars changes nothing. */
export async function upsertLevels(
  db: Executor,
  instrument: InstrumentSymbol,
  tradeDate: string,
  levels: readonly SessionLevel[],
  now: Date,
) {
  if (levels.length === 0) return;
  await db
    .insert(instrumentLevels)
    .values(
      levels.map((level) => ({
        instrument,
        tradeDate,
        session: level.session,
        high: String(level.high),
        low: String(level.low),
        highAt: new Date(level.highAt),
        lowAt: new Date(level.lowAt),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [instrumentLevels.instrument, instrumentLevels.tradeDate, instrumentLevels.session],
      set: {
        high: sql`excluded.high`,
        low: sql`excluded.low`,
        highAt: sql`excluded.high_at`,
        lowAt: sql`excluded.low_at`,
        updatedAt: now,
      },
    });
}

/** The last `count` weekday trading dates in Toronto, today included, oldest first. */
export function recentTradingDates(now: Date, count: number): string[] {
  const dates: string[] = [];
  let day = DateTime.fromJSDate(now, { zone: TRADE_TIME_ZONE }).startOf('day');
  while (dates.length < count) {
    if (day.weekday <= 5) dates.unshift(day.toISODate()!);
    day = day.minus({ days: 1 });
  }
  return dates;
}

export type RefreshSummary = { dates: number; fetched: number; sessions: number };

/**
 * Fills the levels of recent trading dates: for each instrument and date still missing a
 * session that has ended, reads that trading day's bars (19:00 the evening before to 19:00)
 * once and upserts every ended session. Complete days are skipped, so the 15-minute schedule
 * costs a bar request only where something new can be known.
 */
export async function refreshRecentLevels(
  ctx: AppContext,
  market: MarketData,
  options: { days?: number; instruments?: readonly InstrumentSymbol[] } = {},
): Promise<RefreshSummary> {
  const now = ctx.now();
  const dates = recentTradingDates(now, options.days ?? 10);
  const instruments = options.instruments ?? INSTRUMENT_SYMBOLS;
  const existing = await ctx.db
    .select({ instrument: instrumentLevels.instrument, tradeDate: instrumentLevels.tradeDate, session: instrumentLevels.session })
    .from(instrumentLevels)
    .where(inArray(instrumentLevels.tradeDate, dates));
  const have = new Set(existing.map((r) => `${r.instrument}|${r.tradeDate}|${r.session}`));

  const summary: RefreshSummary = { dates: dates.length, fetched: 0, sessions: 0 };
  for (const date of dates) {
    const windows = sessionWindowsFor(date) ?? [];
    const ended = windows.filter((w) => Date.parse(w.toUtc) <= now.getTime());
    if (ended.length === 0) continue;
    for (const instrument of instruments) {
      if (ended.every((w) => have.has(`${instrument}|${date}|${w.label}`))) continue;
      const from = Date.parse(windows[0]!.fromUtc);
      const to = Date.parse(ended.at(-1)!.toUtc);
      const bars = await market.minuteBars(instrument, from, to);
      summary.fetched += 1;
      const levels = computeSessionLevels(bars, ended, now.getTime());
      await upsertLevels(ctx.db, instrument, date, levels, now);
      summary.sessions += levels.length;
    }
  }
  return summary;
}
