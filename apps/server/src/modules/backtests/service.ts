/**
 * AlphaORB backtests: a member asks for one (queued), the worker fills the bar cache, replays
 * the bars through the same engine that drives live runs and stores the result. Every read is
 * scoped to the member who asked.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { BACKTEST_MESSAGES, type BacktestCreated, type BacktestResponse, type BacktestValues } from '@th/contracts';
import {
  DEFAULT_TIMEZONE,
  canonicalInstrument,
  instrumentSpec,
  normalizeOrbSettings,
  type InstrumentSymbol,
  type OrbSettings,
} from '@th/domain';
import type { AppContext } from '../../context.ts';
import { backtests } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { connectBarSource, type BarSource } from './bar-source.ts';
import { heavyWork } from '../../lib/heavy-work.ts';
import { cachedBarsText, fillBarCache } from './bar-cache.ts';
import { presentBacktest, type BacktestRow } from './present.ts';
import { isUuid } from '../../lib/ids.ts';

export const BACKTEST_RUN_JOB = 'backtests.run';
export const BACKTEST_NOT_FOUND = 'Backtest not found.';
export const NO_MARKET_DATA = 'No market-data account is configured, so there are no bars to backtest.';
export const MARKET_DATA_FAILED = 'The market data could not be loaded. Please try again later.';


/** The engine settings a backtest replays: the bot form's values on the bot defaults. */
export function backtestSettings(instrument: InstrumentSymbol, input: BacktestValues['settings']): OrbSettings {
  return normalizeOrbSettings({
    instrument,
    timezone: DEFAULT_TIMEZONE,
    orb_minutes: input.orb_minutes,
    orb_start_local: input.orb_start_local,
    ...(input.run_days ? { run_days: input.run_days } : {}),
    lot_size: input.lot_size,
    order_type: input.order_type,
    max_spread: input.max_spread,
    risk_max_daily_trades: input.risk_max_daily_trades,
    risk_max_daily_loss: input.risk_max_daily_loss,
    value_per_point: instrumentSpec(instrument)?.valuePerPoint ?? 1,
    test_mode: true,
  });
}

/** [first ms, last ms] of the bot-local calendar dates, both included. */
export function rangeMs(from: string, to: string, zone: string): [number, number] {
  const start = DateTime.fromISO(from, { zone }).startOf('day').toMillis();
  const end = DateTime.fromISO(to, { zone }).endOf('day').toMillis();
  return [start, end];
}

/** How many of one member's backtests may wait or run at the same time. */
export const BACKTESTS_AT_ONCE = 2;

export async function createBacktest(ctx: AppContext, userId: string, input: BacktestValues): Promise<BacktestCreated> {
  const instrument = canonicalInstrument(input.instrument);
  if (!instrument) throw AppError.invalid('instrument', BACKTEST_MESSAGES.instrument);
  const settings = backtestSettings(instrument, input.settings);
  const today = DateTime.fromJSDate(ctx.now(), { zone: settings.timezone }).toISODate();
  if (today !== null && input.to > today) throw AppError.invalid('to', BACKTEST_MESSAGES.future);

  const now = ctx.now();
  // At most two of a member's backtests wait or run at once; the check and the insert are one
  // step per member (a transaction lock), so parallel requests cannot slip past it.
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`backtests:${userId}`}))`);
    const [open] = await tx
      .select({ n: count() })
      .from(backtests)
      .where(and(eq(backtests.userId, userId), inArray(backtests.status, ['queued', 'running'])));
    if ((open?.n ?? 0) >= BACKTESTS_AT_ONCE) {
      throw new AppError('rate_limited', `You already have ${BACKTESTS_AT_ONCE} backtests in progress. Start another when one has finished.`);
    }
    const [created] = await tx
      .insert(backtests)
      .values({
        userId,
        instrument,
        settings,
        fromDate: input.from,
        toDate: input.to,
        commissionPerLot: String(input.commission_per_lot),
        entrySlippage: String(input.entry_slippage),
        stopSlippage: String(input.stop_slippage),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  });
  await ctx.jobs.send(BACKTEST_RUN_JOB, { id: row.id });
  return { message: BACKTEST_MESSAGES.queued, backtest: presentBacktest(row) };
}

export async function getBacktest(ctx: AppContext, userId: string, id: string): Promise<BacktestResponse> {
  const [row] = isUuid(id)
    ? await ctx.db.select().from(backtests).where(and(eq(backtests.id, id), eq(backtests.userId, userId)))
    : [];
  // Another member's backtest answers exactly like a missing one.
  if (!row) throw new AppError('not_found', BACKTEST_NOT_FOUND);
  return { backtest: presentBacktest(row) };
}

async function update(ctx: AppContext, id: string, values: Partial<BacktestRow>) {
  await ctx.db.update(backtests).set({ ...values, updatedAt: ctx.now() }).where(eq(backtests.id, id));
}

export type RunOptions = {
  /** Where missing bars come from; the configured market-data login by default. */
  source?: () => Promise<BarSource | null>;
};

/**
 * The worker's part. Idempotent: a finished backtest is left alone, and one interrupted while
 * running starts over (the bars it already cached are not fetched again).
 */
export async function runBacktest(ctx: AppContext, id: string, options: RunOptions = {}): Promise<void> {
  const [row] = await ctx.db.select().from(backtests).where(eq(backtests.id, id));
  if (!row || row.status === 'done' || row.status === 'failed') return;
  await update(ctx, id, { status: 'running', progress: 0, startedAt: ctx.now(), error: null });

  const settings = normalizeOrbSettings(row.settings as Partial<OrbSettings>);
  const instrument = row.instrument as InstrumentSymbol;
  const [fromMs, toMs] = rangeMs(row.fromDate, row.toDate, settings.timezone);
  let progress = 0;
  const setProgress = async (value: number) => {
    const next = Math.max(progress, Math.min(99, Math.floor(value)));
    if (next === progress) return;
    progress = next;
    await update(ctx, id, { progress });
  };

  try {
    await fillBarCache(
      ctx,
      instrument,
      fromMs,
      toMs,
      async () => {
        const source = await (options.source ?? (() => connectBarSource(ctx.config)))();
        if (!source) throw new AppError('unavailable', NO_MARKET_DATA);
        return source;
      },
      // Fetching is the slow part: it owns the bar up to 90 %.
      (done, total) => setProgress((done / total) * 90),
    );
    const bars = await cachedBarsText(ctx, instrument, fromMs, toMs);
    await setProgress(95);
    // The engine runs on the heavy-work thread: two years of bars are a second of work.
    const result = await heavyWork.backtest(settings, bars, {
      from: fromMs,
      to: toMs,
      commissionPerLot: Number(row.commissionPerLot),
      entrySlippage: Number(row.entrySlippage),
      stopSlippage: Number(row.stopSlippage),
      runIdPrefix: `bt${id.slice(0, 8)}`,
    });
    await update(ctx, id, { status: 'done', progress: 100, result, finishedAt: ctx.now() });
  } catch (error) {
    ctx.log.warn({ err: error, backtest: id }, 'backtest failed');
    const message = error instanceof AppError ? error.message : MARKET_DATA_FAILED;
    await update(ctx, id, { status: 'failed', error: message, finishedAt: ctx.now() });
  }
}
