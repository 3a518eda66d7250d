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

/**
 * The one-minute bars of the trade's chart window: from the cache, after filling what it lacks.
 * `permanent` tells a trade that can never be charted from a market-data failure worth retrying.
 */
async function barsForTrade(ctx: AppContext, row: TradeRow, options: ChartOptions): Promise<Bars> {
  const window = tradeChartWindow(row.entryTime?.getTime() ?? null, row.exitTime?.getTime() ?? null, HISTORY_CHUNK_MINUTES);
  if (!row.entryTime || !row.exitTime) return { reason: TRADE_CHART_MESSAGES.noTimes, permanent: true };
  if (!window) return { reason: TRADE_CHART_MESSAGES.tooLong, permanent: true };
  const instrument = canonicalInstrument(row.instrument);
  if (!instrument) return { reason: TRADE_CHART_MESSAGES.unknownInstrument, permanent: true };
  try {
    await fillBarCache(ctx, instrument, window.fromMs, window.toMs, async () => {
      const source = await (options.source ?? (() => connectBarSource(ctx.config)))();
      if (!source) throw new AppError('unavailable', TRADE_CHART_MESSAGES.noMarketData);
      return source;
    });
  } catch (error) {
    ctx.log.warn({ err: error, trade: row.id }, 'trade chart: bars could not be loaded');
    return { reason: error instanceof AppError ? error.message : TRADE_CHART_MESSAGES.brokerDown, permanent: false };
  }
  const bars = parseBars(await cachedBarsText(ctx, instrument, window.fromMs, window.toMs));
  if (bars.length === 0) return { reason: TRADE_CHART_MESSAGES.noBars, permanent: true };
  return { bars, window };
}

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));
const text = (value: number | null) => (value === null ? null : String(value));

/** Keeps the trade's MAE and MFE (or that it cannot be measured); a no-op while they are current. */
async function saveExcursions(ctx: AppContext, row: TradeRow, measured: TradeExcursions | null, reason: string | null) {
  const values = {
    tradeId: row.id,
    userId: row.userId,
    status: measured ? ('measured' as const) : ('unavailable' as const),
    reason: measured ? null : reason,
    maePoints: text(measured?.maePoints ?? null),
    mfePoints: text(measured?.mfePoints ?? null),
    maeMoney: measured?.maeMoney === null || !measured ? null : moneyText(measured.maeMoney),
    mfeMoney: measured?.mfeMoney === null || !measured ? null : moneyText(measured.mfeMoney),
    maeR: text(measured?.maeR ?? null),
    mfeR: text(measured?.mfeR ?? null),
    leftOnTableMoney: measured?.leftOnTableMoney === null || !measured ? null : moneyText(measured.leftOnTableMoney),
    leftOnTableR: text(measured?.leftOnTableR ?? null),
    tradeUpdatedAt: row.updatedAt,
    measuredAt: ctx.now(),
  };
  const { tradeId: _id, userId: _user, ...changes } = values;
  await ctx.db
    .insert(tradeExcursions)
    .values(values)
    .onConflictDoUpdate({
      target: tradeExcursions.tradeId,
      set: changes,
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
    await saveExcursions(ctx, row, measured, measured ? null : TRADE_CHART_MESSAGES.noBars);
    return { measured, kept: true };
  }
  if (loaded.permanent) await saveExcursions(ctx, row, null, loaded.reason);
  return { measured: null, kept: loaded.permanent };
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

/** Trades measured per backfill job; each batch is a job of its own, so a restart resumes. */
export const BACKFILL_BATCH = 25;
export const BACKFILL_JOB = 'trade-chart.backfill-excursions';

export type BackfillReport = { measured: number; unavailable: number; failed: number; nextAfterId: number | null };

/**
 * One batch of the backfill: the next journal trades after `afterId` (by id) that are closed and
 * not measured yet. Trades whose bars fail to load now (broker down) are left for a later run.
 * `nextAfterId` is the cursor of the next batch, null when this one was the last.
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
  // One market-data login for the whole batch, made only when a window is missing from the cache.
  let source: Promise<BarSource | null> | null = null;
  const shared: ChartOptions = { source: () => (source ??= (options.source ?? (() => connectBarSource(ctx.config)))()) };
  for (const { trade } of rows) {
    const loaded = await barsForTrade(ctx, trade, shared);
    const { measured, kept } = await measureAndKeep(ctx, trade, loaded);
    if (measured) report.measured += 1;
    else if (kept) report.unavailable += 1;
    else report.failed += 1;
  }
  const last = rows.at(-1);
  report.nextAfterId = rows.length === BACKFILL_BATCH && last ? last.trade.id : null;
  return report;
}
