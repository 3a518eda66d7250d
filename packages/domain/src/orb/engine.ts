// The AlphaORB state machine: step(state, event, settings) → { state, actions }. Pure: no I/O,
// no clock reads (time arrives in events), no time-zone work per event (the run window is
// planned once). The same function drives live runs, paper runs and the backtester.
import { LOT_DECIMALS, PRICE_DECIMALS, roundHalfUp } from '../money.ts';
import { formatPrice } from '../trade-format.ts';
import { clientOrderIdFor, formatLocalTime } from './format.ts';
import {
  MINUTE,
  dailyLossReached,
  NO_ACTIONS,
  endRun,
  flatten,
  hardStop,
  isTerminal,
  log,
  moveTo,
  onOrderUpdate,
  onPositionClosed,
  rangeLabel,
  stopReason,
} from './engine-orders.ts';
import type {
  Bar,
  EntryLeg,
  OrbAction,
  OrbEvent,
  OrbRunState,
  OrbSettings,
  RunWindow,
  Side,
  StepResult,
} from './types.ts';

/** A tick this long after the ORB end completes a range whose last bar never arrived. */
export const RANGE_GRACE_MS = 90_000;

export interface CreateRunInput {
  runId: string;
  window: RunWindow;
  /** Entries filled by earlier runs of the same trading day (daily trade limit). */
  dayTrades?: number;
  /** Realized net P&L of earlier runs of the same trading day (daily loss limit). */
  dayPnl?: number;
  /** The bot is paused: the run stays idle and is skipped when its ORB starts. */
  paused?: boolean;
}

export function createRun(input: CreateRunInput): OrbRunState {
  return {
    v: 1,
    runId: input.runId,
    state: 'idle',
    window: input.window,
    reached: 0,
    paused: input.paused === true,
    halted: false,
    flattening: false,
    orbHigh: null,
    orbLow: null,
    rangeBars: 0,
    attempts: 0,
    dayTrades: input.dayTrades ?? 0,
    dayPnl: input.dayPnl ?? 0,
    quote: null,
    spreadBlocked: false,
    entry: null,
    lastTrade: null,
    tradesClosed: 0,
    runPnl: 0,
    endReason: null,
    completedAt: null,
  };
}

function result(state: OrbRunState, out: OrbAction[]): StepResult {
  return { state, actions: out.length === 0 ? NO_ACTIONS : out };
}

export function step(state: OrbRunState, event: OrbEvent, settings: OrbSettings): StepResult {
  switch (event.type) {
    case 'bar':
      return onBar(state, event.bar, settings);
    case 'tick': {
      const out: OrbAction[] = [];
      return result(advance(state, event.at, settings, out), out);
    }
    case 'quote': {
      const out: OrbAction[] = [];
      const quoted = isTerminal(state.state)
        ? state
        : // `+ 0` turns a -0 price into 0: the state must survive a JSON round trip unchanged.
          { ...state, quote: { bid: event.bid + 0, ask: event.ask + 0, at: event.at } };
      return result(advance(quoted, event.at, settings, out), out);
    }
    case 'order_update': {
      const out: OrbAction[] = [];
      const next = onOrderUpdate(state, event, settings, out);
      return result(advance(next, event.at, settings, out), out);
    }
    case 'position_closed': {
      const out: OrbAction[] = [];
      const next = onPositionClosed(state, event, settings, out);
      return result(advance(next, event.at, settings, out), out);
    }
    case 'pause':
      return onPause(state, event.at);
    case 'resume':
      return onResume(state, event.at);
    case 'hard_stop': {
      const out: OrbAction[] = [];
      return result(hardStop(state, event.at, out), out);
    }
  }
}

/** Time-driven transitions, applied on every event at its instant. */
function advance(
  s: OrbRunState,
  now: number,
  settings: OrbSettings,
  out: OrbAction[],
): OrbRunState {
  const w = s.window;
  let next = s;
  if (next.state === 'range_fetched') {
    const hi = formatPrice(next.orbHigh ?? 0);
    const lo = formatPrice(next.orbLow ?? 0);
    next = moveTo(next, 'monitoring');
    log(out, 'info', `Watching for a breakout above ${hi} or below ${lo}.`, now);
  }
  if (next.state === 'idle' && now >= w.armAt) {
    if (next.paused) {
      if (now < w.orbStart) return next;
      return endRun(next, 'skipped', now, out, 'The bot is paused, so this run was skipped.');
    }
    next = moveTo(next, 'armed');
    log(out, 'info', `Run armed for ${w.tradingDay}: opening range ${rangeLabel(w)}.`, now);
  }
  if (next.state === 'armed' && now >= w.orbStart) {
    next = moveTo(next, 'at_orb');
    log(out, 'info', `Building the opening range ${rangeLabel(w)}.`, now);
  }
  if (next.state === 'at_orb' && now >= w.orbEnd + RANGE_GRACE_MS)
    next = completeRange(next, now, out);
  if (now >= w.flattenAt) next = flatten(next, now, out);
  return next;
}

function completeRange(s: OrbRunState, now: number, out: OrbAction[]): OrbRunState {
  if (s.rangeBars === 0 || s.orbHigh === null || s.orbLow === null) {
    return endRun(
      s,
      'failed',
      now,
      out,
      `No price data arrived for the opening range ${rangeLabel(s.window)}.`,
    );
  }
  log(
    out,
    'info',
    `Opening range ${rangeLabel(s.window)} set: high ${formatPrice(s.orbHigh)}, low ${formatPrice(s.orbLow)}.`,
    now,
  );
  return moveTo(s, 'range_fetched');
}

function onBar(s: OrbRunState, bar: Bar, settings: OrbSettings): StepResult {
  const closeAt = bar.t + MINUTE;
  const w = s.window;
  // Hot path: most bars of a run change nothing.
  if (closeAt < w.flattenAt) {
    if (s.state === 'monitoring') {
      if (bar.t < w.orbEnd) return { state: s, actions: NO_ACTIONS };
      const side = breakoutSide(s, bar, settings);
      if (side === null) return { state: s, actions: NO_ACTIONS };
      const out: OrbAction[] = [];
      return result(enter(s, side, bar, closeAt, settings, out), out);
    }
    if (s.state === 'order_sent' || s.state === 'filled') return { state: s, actions: NO_ACTIONS };
  }
  if (isTerminal(s.state) || (s.state === 'idle' && bar.t < w.armAt))
    return { state: s, actions: NO_ACTIONS };

  const out: OrbAction[] = [];
  let next = advance(s, bar.t, settings, out);
  if (next.state === 'at_orb') {
    if (bar.t >= w.orbEnd) {
      next = completeRange(next, bar.t, out);
    } else {
      if (bar.t >= w.orbStart) next = addRangeBar(next, bar);
      if (closeAt >= w.orbEnd) next = completeRange(next, closeAt, out);
    }
  }
  if (closeAt >= w.flattenAt) {
    next = flatten(next, closeAt, out);
  } else if (next.state === 'monitoring' && bar.t >= w.orbEnd) {
    const side = breakoutSide(next, bar, settings);
    if (side !== null) next = enter(next, side, bar, closeAt, settings, out);
  }
  return result(next, out);
}

function addRangeBar(s: OrbRunState, bar: Bar): OrbRunState {
  return {
    ...s,
    // `+ 0` keeps -0 out of the state (JSON would turn it into 0).
    orbHigh: s.orbHigh === null || bar.h > s.orbHigh ? bar.h + 0 : s.orbHigh,
    orbLow: s.orbLow === null || bar.l < s.orbLow ? bar.l + 0 : s.orbLow,
    rangeBars: s.rangeBars + 1,
  };
}

/** Which way this closed bar broke the (adjusted) range, if at all. */
function breakoutSide(s: OrbRunState, bar: Bar, settings: OrbSettings): Side | null {
  const hi = (s.orbHigh ?? Infinity) + settings.range_adjust;
  const lo = (s.orbLow ?? -Infinity) - settings.range_adjust;
  if (settings.breakout_requirement === 'close') {
    if (bar.c > hi) return 'buy';
    if (bar.c < lo) return 'sell';
    return null;
  }
  const up = bar.h > hi;
  const down = bar.l < lo;
  // A bar through both edges: follow where it closed.
  if (up && down) return bar.c >= (hi + lo) / 2 ? 'buy' : 'sell';
  if (up) return 'buy';
  if (down) return 'sell';
  return null;
}

function enter(
  s: OrbRunState,
  side: Side,
  bar: Bar,
  now: number,
  settings: OrbSettings,
  out: OrbAction[],
): OrbRunState {
  if (s.halted || s.flattening) return s;
  const limitReason = stopReason(s, settings);
  if (limitReason !== null) return endRun(s, 'closed', now, out, limitReason);
  if (dailyLossReached(s, settings)) {
    return endRun(s, 'closed', now, out, 'The daily loss limit is reached: no new entries today.');
  }
  const q = s.quote;
  if (settings.max_spread !== null && q !== null && q.ask - q.bid > settings.max_spread) {
    if (s.spreadBlocked) return s;
    const spread = formatPrice(roundHalfUp(q.ask - q.bid, PRICE_DECIMALS));
    log(
      out,
      'warn',
      `Breakout not taken: the spread ${spread} is wider than the maximum ${formatPrice(settings.max_spread)}.`,
      now,
    );
    return { ...s, spreadBlocked: true };
  }

  const hi = (s.orbHigh ?? 0) + settings.range_adjust;
  const lo = (s.orbLow ?? 0) - settings.range_adjust;
  const buy = side === 'buy';
  const stopPrice = roundHalfUp(
    buy ? lo - settings.stop_loss_adjust : hi + settings.stop_loss_adjust,
    PRICE_DECIMALS,
  );
  const refPrice = settings.order_type === 'limit' ? (buy ? hi : lo) : bar.c;
  const risk = buy ? refPrice - stopPrice : stopPrice - refPrice;
  if (!(risk > 0) || settings.lot_size <= 0) return s;

  const attempt = s.attempts + 1;
  const legs: EntryLeg[] = [];
  let remaining = settings.lot_size;
  settings.take_profits.forEach((tp, i) => {
    const last = i === settings.take_profits.length - 1;
    const qty = last
      ? roundHalfUp(remaining, LOT_DECIMALS)
      : Math.min(
          roundHalfUp((settings.lot_size * tp.size_percent) / 100, LOT_DECIMALS),
          roundHalfUp(remaining, LOT_DECIMALS),
        );
    remaining -= qty;
    if (qty <= 0) return;
    const targetPrice = roundHalfUp(
      buy ? refPrice + tp.target_r * risk : refPrice - tp.target_r * risk,
      PRICE_DECIMALS,
    );
    legs.push({
      clientOrderId: clientOrderIdFor(s.runId, attempt, i + 1),
      qty,
      targetPrice,
      status: 'sent',
      fillPrice: null,
      filledQty: null,
      filledAt: null,
    });
  });
  if (legs.length === 0) return s;

  for (const leg of legs) {
    out.push({
      type: 'place_order',
      clientOrderId: leg.clientOrderId,
      side,
      orderType: settings.order_type,
      qty: leg.qty,
      ...(settings.order_type === 'limit' ? { price: refPrice } : {}),
      stopLoss: stopPrice,
      takeProfit: leg.targetPrice,
    });
  }
  const edge = buy ? `above ${formatPrice(hi)}` : `below ${formatPrice(lo)}`;
  const how =
    settings.order_type === 'limit'
      ? `${side} limit at ${formatPrice(refPrice)}`
      : `${side} at market`;
  const targets = legs.map((leg) => formatPrice(leg.targetPrice)).join(', ');
  log(
    out,
    'info',
    `Breakout ${edge} at ${formatLocalTime(now, s.window.offsetMinutes)}: ${how}, ${roundHalfUp(settings.lot_size, LOT_DECIMALS)} lot, ` +
      `stop ${formatPrice(stopPrice)}, target ${targets} (attempt ${attempt} of ${settings.max_attempts}).`,
    now,
  );
  return {
    ...moveTo(s, 'order_sent'),
    attempts: attempt,
    spreadBlocked: false,
    entry: {
      attempt,
      side,
      orderType: settings.order_type,
      refPrice,
      stopPrice,
      triggeredAt: now,
      legs,
    },
  };
}

function onPause(s: OrbRunState, at: number): StepResult {
  if (isTerminal(s.state)) return { state: s, actions: NO_ACTIONS };
  const out: OrbAction[] = [];
  if (s.state === 'idle') {
    log(out, 'info', 'Bot paused: this upcoming run will not start until the bot is resumed.', at);
    return result({ ...s, paused: true }, out);
  }
  log(out, 'info', 'Bot paused: the current run continues; only upcoming runs are affected.', at);
  return result(s, out);
}

function onResume(s: OrbRunState, at: number): StepResult {
  if (isTerminal(s.state)) return { state: s, actions: NO_ACTIONS };
  const out: OrbAction[] = [];
  if (s.state === 'idle') {
    return result(
      endRun(
        { ...s, paused: false },
        'cancelled',
        at,
        out,
        'Idle run cleared: the next run will use the current settings.',
      ),
      out,
    );
  }
  log(out, 'info', 'Bot resumed.', at);
  return result(s, out);
}
