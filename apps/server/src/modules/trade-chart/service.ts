/**
 * The trade chart (issue #24): one of a member's journal trades drawn on the market around it,
 * from the one-minute bar cache the backtests fill. A window the cache lacks is fetched once
 * from the market-data login (one bounded history call: the window never spans more than one);
 * when no bars can be had the answer says why, with no bars: never invented ones. MAE and MFE
 * are measured on the one-minute bars whatever the timeframe shown, and kept per trade.
 */
import { and, asc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  TRADE_CHART_MESSAGES,
  type TradeChart,
  type TradeChartMarker,
  type TradeChartTimeframe,
  type TradeExcursionFigures,
} from '@th/contracts';
import {
  aggregateBars,
  canonicalInstrument,
  memberTimeZone,
  moneyText,
  sessionSpans,
  tradeChartWindow,
  tradeExcursions as measureExcursions,
  type Bar,
  type InstrumentSymbol,
  type TradeExcursions,
  type TradeLike,
} from '@th/domain';
import type { AppContext } from '../../context.ts';
import { tradeExcursions, trades } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { runOpeningRange } from '../alphaorb/index.ts';
import {
  HISTORY_CHUNK_MINUTES,
  cachedBarsText,
  connectBarSource,
  fillBarCache,
  parseBars,
  type BarSource,
} from '../backtests/index.ts';
import { memberIdentity } from '../members/index.ts';
import { findMemberTrade } from '../trades/index.ts';

const MINUTE = 60_000;

type TradeRow = typeof trades.$inferSelect;

export type ChartOptions = {
  /** Where bars the cache lacks come from; the configured market-data login by default. */
  source?: () => Promise<BarSource | null>;
};

/** The trade as the domain's rules read it. */
function tradeLike(row: TradeRow): TradeLike {
  return {
    instrument: row.instrument,
    side: row.side,
    quantity: row.quantity,
    entry_time: row.entryTime?.toISOString() ?? null,
    exit_time: row.exitTime?.toISOString() ?? null,
    entry_price: row.entryPrice,
    exit_price: row.exitPrice,
    stop_loss: row.stopLoss ?? row.stopPrice,
    risk_amount: row.riskAmount,
    value_per_point: row.valuePerPoint,
    contract_size: row.contractSize,
  };
}

type Bars = { bars: Bar[]; window: { fromMs: number; toMs: number } } | { reason: string; permanent: boolean };
type Unavailable = { reason: string; permanent: boolean };
type Window = { instrument: InstrumentSymbol; fromMs: number; toMs: number };

/** The trade's chart window and instrument, or why it can never be charted. */
function windowOf(row: TradeRow): Window | Unavailable {
  const window = tradeChartWindow(row.entryTime?.getTime() ?? null, row.exitTime?.getTime() ?? null, HISTORY_CHUNK_MINUTES);
  if (!row.entryTime || !row.exitTime) return { reason: TRADE_CHART_MESSAGES.noTimes, permanent: true };
  if (!window) return { reason: TRADE_CHART_MESSAGES.tooLong, permanent: true };
  const instrument = canonicalInstrument(row.instrument);
  if (!instrument) return { reason: TRADE_CHART_MESSAGES.unknownInstrument, permanent: true };
  return { instrument, ...window };
}

/**
 * Fills what the cache lacks of the window from the market data; null once it holds it all,
 * else why not (a failure worth retrying: never permanent).
 */
async function fillWindow(ctx: AppContext, row: TradeRow, window: Window, options: ChartOptions): Promise<Unavailable | null> {
  try {
    await fillBarCache(ctx, window.instrument, window.fromMs, window.toMs, async () => {
      const source = await (options.source ?? (() => connectBarSource(ctx.config)))();
      if (!source) throw new AppError('unavailable', TRADE_CHART_MESSAGES.noMarketData);
      return source;
    });
    return null;
  } catch (error) {
    ctx.log.warn({ err: error, trade: row.id }, 'trade chart: bars could not be loaded');
    return { reason: error instanceof AppError ? error.message : TRADE_CHART_MESSAGES.brokerDown, permanent: false };
  }
}

/**
 * The one-minute bars of the trade's chart window: from the cache, after filling what it lacks.
 * `permanent` tells a trade that can never be charted from a market-data failure worth retrying.
 */
async function barsForTrade(ctx: AppContext, row: TradeRow, options: ChartOptions): Promise<Bars> {
  const window = windowOf(row);
  if ('reason' in window) return window;
  const failure = await fillWindow(ctx, row, window, options);
  if (failure) return failure;
  const bars = parseBars(await cachedBarsText(ctx, window.instrument, window.fromMs, window.toMs));
  if (bars.length === 0) return { reason: TRADE_CHART_MESSAGES.noBars, permanent: true };
  return { bars, window: { fromMs: window.fromMs, toMs: window.toMs } };
}

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));
const text = (value: number | null) => (value === null ? null : String(value));

type Kept = { row: TradeRow; measured: TradeExcursions | null; reason: string | null };

const money = (value: number | null) => (value === null ? null : moneyText(value));

/**
 * Keeps trades' MAE and MFE (or that they cannot be measured), in one statement however many;
 * a no-op for a trade whose kept figures are current.
 */
async function saveExcursions(ctx: AppContext, kept: readonly Kept[]) {
  if (kept.length === 0) return;
  const measuredAt = ctx.now();
  const values = kept.map(({ row, measured, reason }) => ({
    tradeId: row.id,
    userId: row.userId,
    status: measured ? ('measured' as const) : ('unavailable' as const),
    reason: measured ? null : reason,
    maePoints: text(measured?.maePoints ?? null),
    mfePoints: text(measured?.mfePoints ?? null),
    maeMoney: money(measured?.maeMoney ?? null),
    mfeMoney: money(measured?.mfeMoney ?? null),
    maeR: text(measured?.maeR ?? null),
    mfeR: text(measured?.mfeR ?? null),
    leftOnTableMoney: money(measured?.leftOnTableMoney ?? null),
    leftOnTableR: text(measured?.leftOnTableR ?? null),
    tradeUpdatedAt: row.updatedAt,
    measuredAt,
  }));
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await ctx.db
    .insert(tradeExcursions)
    .values(values)
    .onConflictDoUpdate({
      target: tradeExcursions.tradeId,
      set: {
        status: excluded('status'),
        reason: excluded('reason'),
        maePoints: excluded('mae_points'),
        mfePoints: excluded('mfe_points'),
        maeMoney: excluded('mae_money'),
        mfeMoney: excluded('mfe_money'),
        maeR: excluded('mae_r'),
        mfeR: excluded('mfe_r'),
        leftOnTableMoney: excluded('left_on_table_money'),
        leftOnTableR: excluded('left_on_table_r'),
        tradeUpdatedAt: excluded('trade_updated_at'),
        measuredAt: excluded('measured_at'),
      },
      setWhere: sql`${tradeExcursions.tradeUpdatedAt} <> excluded.trade_updated_at or ${tradeExcursions.status} <> excluded.status`,
    });
}

/**
 * MAE and MFE over the loaded bars, kept for the reports: measured, or marked unavailable when
 * the trade can never be measured (no bar during it, no times, an unknown instrument). A market
 * data failure keeps nothing, so a later chart or backfill tries again.
 */
async function measureAndKeep(ctx: AppContext, row: TradeRow, loaded: Bars) {
  if ('bars' in loaded) {
    const measured = measureExcursions(tradeLike(row), loaded.bars);
    await saveExcursions(ctx, [{ row, measured, reason: measured ? null : TRADE_CHART_MESSAGES.noBars }]);
    return { measured };
  }
  if (loaded.permanent) await saveExcursions(ctx, [{ row, measured: null, reason: loaded.reason }]);
  return { measured: null };
}

function figures(e: TradeExcursions): TradeExcursionFigures {
  return {
    mae_points: e.maePoints,
    mfe_points: e.mfePoints,
    mae_money: e.maeMoney,
    mfe_money: e.mfeMoney,
    mae_r: e.maeR,
    mfe_r: e.mfeR,
    left_on_table_money: e.leftOnTableMoney,
    left_on_table_r: e.leftOnTableR,
    worst_price: e.worstPrice,
    best_price: e.bestPrice,
  };
}

function markersOf(row: TradeRow): TradeChartMarker[] {
  const markers: TradeChartMarker[] = [];
  const add = (kind: TradeChartMarker['kind'], time: Date | null, price: string | null) => {
    const value = numberOrNull(price);
    if (value !== null && Number.isFinite(value) && value !== 0) markers.push({ kind, time: time?.toISOString() ?? null, price: value });
  };
  if (row.entryTime) add('entry', row.entryTime, row.entryPrice);
  if (row.exitTime) add('exit', row.exitTime, row.exitPrice);
  add('stop', null, row.stopLoss ?? row.stopPrice);
  add('target', null, row.takeProfit);
  return markers;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** GET /api/trades/:tradeId/chart: another member's trade answers 404 exactly like a missing one. */
export async function getTradeChart(
  ctx: AppContext,
  userId: string,
  tradeId: string,
  timeframe: TradeChartTimeframe,
  options: ChartOptions = {},
): Promise<{ data: TradeChart }> {
  const row = await findMemberTrade(ctx, userId, tradeId);
  if (!row) throw new AppError('not_found', TRADE_CHART_MESSAGES.notFound);
  const identity = await memberIdentity(ctx, userId);
  const loaded = await barsForTrade(ctx, row, options);
  const { measured } = await measureAndKeep(ctx, row, loaded);
  const range = row.botRunId ? await runOpeningRange(ctx, userId, row.botRunId) : null;
  const entryMs = row.entryTime?.getTime() ?? null;
  const exitMs = row.exitTime?.getTime() ?? null;
  const chart: TradeChart = {
    trade_id: tradeId,
    instrument: row.instrument,
    side: row.side,
    timeframe,
    time_zone: memberTimeZone(identity?.timezone),
    from: 'bars' in loaded ? iso(loaded.window.fromMs) : null,
    to: 'bars' in loaded ? iso(loaded.window.toMs + MINUTE) : null,
    bars_status: 'bars' in loaded ? 'available' : 'unavailable',
    unavailable_reason: 'reason' in loaded ? loaded.reason : null,
    bars: 'bars' in loaded ? aggregateBars(loaded.bars, Number(timeframe)) : [],
    markers: markersOf(row),
    sessions:
      'bars' in loaded
        ? sessionSpans(loaded.window.fromMs, loaded.window.toMs + MINUTE).map((s) => ({ label: s.label, from: iso(s.fromMs), to: iso(s.toMs) }))
        : [],
    opening_range: range ? { from: iso(range.fromMs), to: iso(range.toMs), high: range.high, low: range.low } : null,
    excursions: measured ? figures(measured) : null,
    time_in_trade_ms: entryMs !== null && exitMs !== null && exitMs >= entryMs ? exitMs - entryMs : null,
  };
  return { data: chart };
}

/**
 * Trades measured per backfill job; each batch is a job of its own, so a restart resumes. One
 * statement reads the bars of the whole batch and one writes its rows, so the batch is large
 * enough for those two round trips to be small beside the work, and small enough that its
 * statement holds a core for a fraction of a second (members' requests queue behind it).
 */
export const BACKFILL_BATCH = 250;
export const BACKFILL_JOB = 'trade-chart.backfill-excursions';

export type BackfillReport = { measured: number; unavailable: number; failed: number; nextAfterId: number | null };

type Measurable = { row: TradeRow; window: Window };

/**
 * Of each trade, the only bars `tradeExcursions` reads, from the window the chart reads them
 * from: the minutes the trade touches. The minutes wholly inside the trade count by their high
 * and low alone, so the database gathers them into one bar (at the first one's time, so it is
 * still inside the trade; its open and close are never read and carry the low and high); the one
 * or two minutes the trade enters or leaves in come as they are, since which of their prices
 * count depends on the entry and exit times. The result equals `tradeExcursions` over every bar
 * of the window, without shipping hundreds of bars a trade to Node. `covered` says whether one
 * recorded span holds the window (as far as `fillBarCache` asks for it); a trade without is
 * measured after filling its window, exactly as a chart does. The span asked is the last one
 * starting before the window (one index probe): spans are merged as they are recorded, so no
 * other can hold it. (Asking whether any span holds it read every earlier span of the
 * instrument, 2 ms a trade at 18,000 spans.) Should two fills recorded at once have left
 * overlapping spans, a window only an earlier span holds goes through `fillBarCache`, which
 * merges the spans, asks the broker for nothing and lets the trade be measured after it.
 */
async function measurableBars(ctx: AppContext, batch: readonly Measurable[]): Promise<{ covered: boolean; bars: Bar[] }[]> {
  if (batch.length === 0) return [];
  const lastClosed = Math.floor(ctx.now().getTime() / MINUTE) * MINUTE - MINUTE;
  const rows = await ctx.database.query<{ i: number; covered: boolean; inner_t: string | null; inner_h: string | null; inner_l: string | null; edges: string | null }>(
    `select w.i,
       w.need_to < w.need_from or coalesce((
         select r.to_t >= w.need_to from market_bar_ranges r
         where r.instrument = w.instrument and r.from_t <= w.need_from
         order by r.from_t desc limit 1), false) as covered,
       m.inner_t, m.inner_h, m.inner_l, m.edges
     from unnest($1::int[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[], $7::timestamptz[], $8::timestamptz[])
       as w(i, instrument, from_t, to_t, need_from, need_to, entry_t, exit_t)
     left join lateral (
       select (extract(epoch from min(b.t) filter (where k.inside)) * 1000)::bigint::text as inner_t,
         (max(b.h) filter (where k.inside))::text as inner_h,
         (min(b.l) filter (where k.inside))::text as inner_l,
         string_agg(concat_ws(',', (extract(epoch from b.t) * 1000)::bigint, b.o, b.h, b.l, b.c), ';' order by b.t)
           filter (where not k.inside) as edges
       from market_bars b
       cross join lateral (select b.t > w.entry_t and b.t <= w.exit_t - interval '1 minute' as inside) k
       where b.instrument = w.instrument and b.t >= w.from_t and b.t <= w.to_t
         and b.t > w.entry_t - interval '1 minute' and b.t <= w.exit_t
     ) m on true
     order by w.i`,
    [
      batch.map((_, i) => i),
      batch.map((m) => m.window.instrument),
      batch.map((m) => iso(m.window.fromMs)),
      batch.map((m) => iso(m.window.toMs)),
      // What fillBarCache would ask the broker for: whole minutes, none not closed yet.
      batch.map((m) => iso(Math.ceil(m.window.fromMs / MINUTE) * MINUTE)),
      batch.map((m) => iso(Math.min(Math.floor(m.window.toMs / MINUTE) * MINUTE, lastClosed))),
      batch.map((m) => iso(m.row.entryTime!.getTime())),
      batch.map((m) => iso(m.row.exitTime!.getTime())),
    ],
  );
  return rows.map((r) => {
    const bars = parseBars(r.edges ?? '');
    if (r.inner_t !== null && r.inner_h !== null && r.inner_l !== null) {
      const [h, l] = [Number(r.inner_h), Number(r.inner_l)];
      bars.push({ t: Number(r.inner_t), o: l, h, l, c: h });
    }
    return { covered: r.covered, bars };
  });
}

/**
 * One batch of the backfill: the next journal trades after `afterId` (by id) that are closed and
 * not measured yet. Trades whose bars fail to load now (broker down) are left for a later run.
 * The batch's rows are written together at its end, so a batch killed midway kept nothing and
 * its retry measures all of it once. `nextAfterId` is the cursor of the next batch, null when
 * this one was the last.
 */
export async function backfillExcursions(ctx: AppContext, afterId: number, options: ChartOptions = {}): Promise<BackfillReport> {
  const rows = await ctx.db
    .select({ trade: trades })
    .from(trades)
    .leftJoin(tradeExcursions, eq(tradeExcursions.tradeId, trades.id))
    .where(and(gt(trades.id, afterId), ne(trades.source, 'bot'), isNotNull(trades.exitTime), isNull(tradeExcursions.tradeId)))
    .orderBy(asc(trades.id))
    .limit(BACKFILL_BATCH);
  const report: BackfillReport = { measured: 0, unavailable: 0, failed: 0, nextAfterId: null };
  const kept: Kept[] = [];
  const measurable: Measurable[] = [];
  for (const { trade } of rows) {
    const window = windowOf(trade);
    if ('reason' in window) kept.push({ row: trade, measured: null, reason: window.reason });
    else measurable.push({ row: trade, window });
  }
  const measure = (m: Measurable, bars: readonly Bar[]) => {
    const measured = measureExcursions(tradeLike(m.row), bars);
    kept.push({ row: m.row, measured, reason: measured ? null : TRADE_CHART_MESSAGES.noBars });
  };
  // One market-data login for the whole batch, made only when a window is missing from the cache.
  let source: Promise<BarSource | null> | null = null;
  const shared: ChartOptions = { source: () => (source ??= (options.source ?? (() => connectBarSource(ctx.config)))()) };
  const read = await measurableBars(ctx, measurable);
  const filled: Measurable[] = [];
  for (const [i, m] of measurable.entries()) {
    const { covered, bars } = read[i]!;
    if (covered) measure(m, bars);
    else if (await fillWindow(ctx, m.row, m.window, shared)) report.failed += 1;
    else filled.push(m);
  }
  for (const [i, { bars }] of (await measurableBars(ctx, filled)).entries()) measure(filled[i]!, bars);
  await saveExcursions(ctx, kept);
  for (const { measured } of kept) {
    if (measured) report.measured += 1;
    else report.unavailable += 1;
  }
  const last = rows.at(-1);
  report.nextAfterId = rows.length === BACKFILL_BATCH && last ? last.trade.id : null;
  return report;
}
