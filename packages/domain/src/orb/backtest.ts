// The backtester: replays historical 1-minute bars through the same step() that drives live
// runs, with the paper broker standing in for the real one. No rule is implemented twice.
import { backtestEquityCurve, backtestStats } from './backtest-stats.ts';
import type { BacktestStats, BuyAndHold, EquityPoint } from './backtest-stats.ts';
import { createRun, step } from './engine.ts';
import {
  DEFAULT_FILL_MODEL,
  FILL_MODEL_DESCRIPTION,
  createPaperBroker,
  paperIsFlat,
  paperOnBar,
  paperSubmit,
} from './paper-broker.ts';
import type { FillModel, PaperBrokerState } from './paper-broker.ts';
import { MONEY_DECIMALS, roundHalfUp } from '../money.ts';
import { planRun, runDaysBetween } from './schedule.ts';
import type {
  Bar,
  ClosedTrade,
  OrbAction,
  OrbEvent,
  OrbRunState,
  OrbSettings,
  RunStateName,
} from './types.ts';
import { isSettled } from './view.ts';

export interface BacktestOptions extends Partial<FillModel> {
  /** Only trading days whose bars fall in [from, to] (epoch ms) are simulated. */
  from?: number;
  to?: number;
  /** Prefix of the synthetic run ids, which also seed the client order ids. */
  runIdPrefix?: string;
  /** Equity before the first trade (the curve shows cumulative P&L on top of it). */
  startingEquity?: number;
  /** Called after each simulated day, for a progress bar. */
  onProgress?: (done: number, total: number) => void;
}

export interface BacktestRun {
  tradingDay: string;
  state: RunStateName;
  endReason: string | null;
  trades: number;
  pnl: number;
}

export interface BacktestResult {
  trades: ClosedTrade[];
  equity: EquityPoint[];
  stats: BacktestStats;
  buyAndHold: BuyAndHold | null;
  runs: BacktestRun[];
  fillModel: string;
}

function lowerBound(bars: readonly Bar[], t: number, from: number): number {
  let lo = from;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((bars[mid] as Bar).t < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Bars must be sorted by t, one per minute at most. Settings should be normalized. */
export function backtest(
  settings: OrbSettings,
  bars: readonly Bar[],
  options: BacktestOptions = {},
): BacktestResult {
  const model: FillModel = {
    commissionPerLot: options.commissionPerLot ?? DEFAULT_FILL_MODEL.commissionPerLot,
    entrySlippage: options.entrySlippage ?? DEFAULT_FILL_MODEL.entrySlippage,
    stopSlippage: options.stopSlippage ?? DEFAULT_FILL_MODEL.stopSlippage,
  };
  const startIndex = lowerBound(bars, options.from ?? -Infinity, 0);
  const endIndex =
    options.to === undefined ? bars.length : lowerBound(bars, options.to + 1, startIndex);
  const first = bars[startIndex];
  const last = bars[endIndex - 1];
  const startingEquity = options.startingEquity ?? 0;
  if (first === undefined || last === undefined || endIndex <= startIndex) {
    return emptyResult();
  }

  const trades: ClosedTrade[] = [];
  const runs: BacktestRun[] = [];
  const holdPoints: EquityPoint[] = [];
  const holdQty = settings.lot_size;
  // Buy-and-hold is marked at each session's close; its last mark is its exit, so the summary
  // and the end of its curve are one number.
  let holdExit: Bar | null = null;
  const holdEquity = (close: Bar) => roundHalfUp(startingEquity + (close.c - first.o) * holdQty * settings.value_per_point, MONEY_DECIMALS);
  const days = runDaysBetween(settings, first.t, last.t);
  let i = startIndex;
  let tradingDays = 0;

  days.forEach((day, dayIndex) => {
    const window = planRun(settings, day);
    i = lowerBound(bars, window.armAt, i);
    let run: OrbRunState = createRun({ runId: `${options.runIdPrefix ?? 'bt'}-${day}`, window });
    let broker: PaperBrokerState = createPaperBroker();

    const deliver = (event: OrbEvent): void => {
      const { state, actions } = step(run, event, settings);
      run = state;
      if (actions.length > 0) handle(actions, event);
    };
    const handle = (actions: readonly OrbAction[], cause: OrbEvent): void => {
      const at = cause.type === 'bar' ? cause.bar.t + 60_000 : cause.at;
      for (const action of actions) {
        if (action.type === 'trade_closed') {
          trades.push(action.trade);
        } else if (action.type !== 'log') {
          const submitted = paperSubmit(broker, action, at, model);
          broker = submitted.state;
          for (const event of submitted.events) deliver(event);
        }
      }
    };

    let sawBar = false;
    let lastClose: Bar | null = null;
    while (i < endIndex) {
      const bar = bars[i] as Bar;
      if (bar.t >= window.flattenAt) break;
      i += 1;
      sawBar = true;
      lastClose = bar;
      if (!paperIsFlat(broker)) {
        const filled = paperOnBar(broker, bar, model);
        broker = filled.state;
        for (const event of filled.events) deliver(event);
      }
      deliver({ type: 'bar', bar });
      if (isSettled(run) && paperIsFlat(broker)) break;
    }
    // Missing bars near the close: the session close still flattens at its time.
    if (!isSettled(run) || !paperIsFlat(broker))
      deliver({ type: 'tick', at: Math.max(window.flattenAt, (lastClose?.t ?? 0) + 60_000) });

    if (sawBar) {
      tradingDays += 1;
      const closeIndex = lowerBound(bars, window.flattenAt, i) - 1;
      const closeBar =
        closeIndex >= startIndex && closeIndex < endIndex ? bars[closeIndex] : lastClose;
      if (closeBar !== undefined && closeBar !== null) {
        holdPoints.push({ at: window.flattenAt, equity: holdEquity(closeBar) });
        holdExit = closeBar;
      }
      runs.push({
        tradingDay: day,
        state: run.state,
        endReason: run.endReason,
        trades: run.tradesClosed,
        pnl: run.runPnl,
      });
    }
    options.onProgress?.(dayIndex + 1, days.length);
  });

  const equity = backtestEquityCurve(trades, first.t, startingEquity);
  const exit: Bar = holdExit ?? last;
  const holdPnl = roundHalfUp(holdEquity(exit) - startingEquity, MONEY_DECIMALS);
  return {
    trades,
    equity,
    stats: backtestStats(trades, equity, tradingDays),
    buyAndHold: {
      qty: holdQty,
      entryPrice: first.o,
      exitPrice: exit.c,
      pnl: holdPnl,
      returnPct: first.o === 0 ? 0 : Math.round((exit.c / first.o - 1) * 10_000) / 100,
      equity: holdPoints,
    },
    runs,
    fillModel: FILL_MODEL_DESCRIPTION,
  };
}

function emptyResult(): BacktestResult {
  const equity: EquityPoint[] = [];
  return {
    trades: [],
    equity,
    stats: backtestStats([], equity, 0),
    buyAndHold: null,
    runs: [],
    fillModel: FILL_MODEL_DESCRIPTION,
  };
}
