// Types of the AlphaORB engine. Everything here is plain JSON so the runner can persist a run
// after every transition and resume it after a crash. Instants are epoch milliseconds (UTC):
// numbers keep the per-bar hot path free of date parsing.

export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
export type OrbMinutes = 5 | 15 | 30;
export type OrderType = 'limit' | 'market';
export type BreakoutRequirement = 'in_candle' | 'close';
export type Side = 'buy' | 'sell';

export interface TakeProfitLeg {
  /** Target distance in multiples of the entry-to-stop distance (R). */
  target_r: number;
  /** Share of lot_size closed at this target; the ladder sums to 100. */
  size_percent: number;
}

/** Settings a run is armed with (spec §3.2 plus the issue 9 rules). */
export interface OrbSettings {
  instrument: string;
  /** IANA zone of orb_start_local and flatten_at_local. */
  timezone: string;
  orb_minutes: OrbMinutes;
  orb_start_local: string;
  run_days: Weekday[];
  lot_size: number;
  /** Money per point per lot, used for P&L and risk amounts. */
  value_per_point: number;
  order_type: OrderType;
  breakout_requirement: BreakoutRequirement;
  /** Points the stop is moved further away from the range (never into it). */
  stop_loss_adjust: number;
  /** Points the range edges are widened by before breakouts are judged. */
  range_adjust: number;
  take_profits: TakeProfitLeg[];
  max_attempts: number;
  risk_max_daily_trades: number;
  /** Money; no new entry once the day's realized loss reaches it. */
  risk_max_daily_loss: number | null;
  /** Points; no entry while ask − bid is wider. */
  max_spread: number | null;
  /** Bot-local time at which open positions are closed and pending entries cancelled. */
  flatten_at_local: string;
  /** Paper trading: the engine is identical, the runner routes actions to the paper broker. */
  test_mode: boolean;
}

export interface Bar {
  /** Start of the minute, epoch ms. A bar is closed at t + 60 000. */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
}

export type OrderStatus = 'accepted' | 'filled' | 'rejected' | 'cancelled';
export type ExitReason = 'stop' | 'target' | 'flatten' | 'manual';

export type OrbEvent =
  | { type: 'tick'; at: number }
  | { type: 'bar'; bar: Bar }
  | { type: 'quote'; bid: number; ask: number; at: number }
  | {
      type: 'order_update';
      clientOrderId: string;
      status: OrderStatus;
      fillPrice?: number;
      filledQty?: number;
      at: number;
    }
  | {
      type: 'position_closed';
      /** The entry order whose position closed; without it every open leg of the run closes. */
      clientOrderId?: string;
      exitPrice: number;
      reason: ExitReason;
      /** Commission and other charges for the round turn, money. */
      fee?: number;
      at: number;
    }
  | { type: 'pause'; at: number }
  | { type: 'resume'; at: number }
  | { type: 'hard_stop'; at: number };

export type LogLevel = 'info' | 'warn' | 'error';

export interface ClosedTrade {
  runId: string;
  tradingDay: string;
  instrument: string;
  clientOrderId: string;
  attempt: number;
  side: Side;
  orderType: OrderType;
  qty: number;
  entryPrice: number;
  entryAt: number;
  exitPrice: number;
  exitAt: number;
  exitReason: ExitReason;
  stopPrice: number;
  targetPrice: number;
  /** |entry − stop| × qty × value per point. */
  riskAmount: number;
  grossPnl: number;
  fees: number;
  /** Net of fees; what the journal calls pnl. */
  pnl: number;
  /** pnl / riskAmount (null when nothing was at risk). */
  rMultiple: number | null;
  winLoss: 'win' | 'loss' | 'flat';
  orbStart: number;
  orbRangeMinutes: number;
  orbHigh: number;
  orbLow: number;
}

export type OrbAction =
  | {
      type: 'place_order';
      /** Broker strategyId: deterministic from run id, attempt and leg, ≤ 31 characters. */
      clientOrderId: string;
      side: Side;
      orderType: OrderType;
      qty: number;
      price?: number;
      stopLoss: number;
      takeProfit: number;
    }
  | { type: 'cancel_order'; clientOrderId: string }
  | { type: 'close_position'; clientOrderId: string; reason: 'flatten' | 'hard_stop' }
  | { type: 'log'; level: LogLevel; message: string; at: number }
  | { type: 'trade_closed'; trade: ClosedTrade };

/** The pipeline of a run, in order; idle is the only one that is not "active". */
export const PIPELINE = [
  'idle',
  'armed',
  'at_orb',
  'range_fetched',
  'monitoring',
  'order_sent',
  'filled',
] as const;
export type PipelineState = (typeof PIPELINE)[number];

/**
 * Terminal states. closed: the session ended normally (with or without trades);
 * stopped: hard stop; skipped: the ORB started while the bot was paused;
 * cancelled: an idle run cleared by resume; failed: no price data for the opening range.
 */
export type TerminalState = 'closed' | 'stopped' | 'skipped' | 'cancelled' | 'failed';
export type RunStateName = PipelineState | TerminalState;

export interface RunWindow {
  tradingDay: string;
  timezone: string;
  /** The run arms this long before the ORB: settings are frozen from then on. */
  armAt: number;
  orbStart: number;
  orbEnd: number;
  flattenAt: number;
  /** Bot-local UTC offset on the trading day, for log messages without a time-zone library. */
  offsetMinutes: number;
}

export type LegStatus = 'sent' | 'accepted' | 'open' | 'closed' | 'cancelled' | 'rejected';

export interface EntryLeg {
  clientOrderId: string;
  qty: number;
  targetPrice: number;
  status: LegStatus;
  fillPrice: number | null;
  filledQty: number | null;
  filledAt: number | null;
}

export interface ActiveEntry {
  attempt: number;
  side: Side;
  orderType: OrderType;
  /** Limit price, or the trigger bar's close for market orders: the price targets are set from. */
  refPrice: number;
  stopPrice: number;
  triggeredAt: number;
  legs: EntryLeg[];
}

export interface OrbRunState {
  v: 1;
  runId: string;
  state: RunStateName;
  window: RunWindow;
  /** Index in PIPELINE of the furthest state reached, for the step list. */
  reached: number;
  /** The bot was paused while this run was idle: it will not arm. */
  paused: boolean;
  /** Hard stop received: no new entries, open legs are being closed. */
  halted: boolean;
  /** Session close reached: positions are being closed. */
  flattening: boolean;
  orbHigh: number | null;
  orbLow: number | null;
  rangeBars: number;
  attempts: number;
  /** Entries filled today, including earlier runs of the same day. */
  dayTrades: number;
  /** Realized net P&L today, including earlier runs of the same day. */
  dayPnl: number;
  quote: { bid: number; ask: number; at: number } | null;
  /** A breakout was refused for a wide spread; logged once until the next entry. */
  spreadBlocked: boolean;
  entry: ActiveEntry | null;
  lastTrade: ClosedTrade | null;
  tradesClosed: number;
  runPnl: number;
  endReason: string | null;
  completedAt: number | null;
}

export interface StepResult {
  state: OrbRunState;
  actions: readonly OrbAction[];
}
