// The order side of the engine: broker updates, closed positions, flattening, hard stop and
// the trade record the journal receives. Split from engine.ts to keep each file to one job.
import { MONEY_DECIMALS, roundHalfUp } from '../money.ts';
import { formatPnl, formatPrice } from '../trade-format.ts';
import { formatLocalTime } from './format.ts';
import { PIPELINE } from './types.ts';
import type {
  ActiveEntry,
  ClosedTrade,
  EntryLeg,
  LogLevel,
  OrbAction,
  OrbEvent,
  OrbRunState,
  OrbSettings,
  PipelineState,
  RunStateName,
  RunWindow,
  TerminalState,
} from './types.ts';

export const MINUTE = 60_000;
export const NO_ACTIONS: readonly OrbAction[] = Object.freeze([]);

const PIPELINE_INDEX: Record<string, number> = Object.fromEntries(
  PIPELINE.map((name, i) => [name, i]),
);

export function isTerminal(state: RunStateName): state is TerminalState {
  return PIPELINE_INDEX[state] === undefined;
}

/** Every pipeline state except idle; terminal states are not active. */
export function isActive(state: RunStateName): boolean {
  return state !== 'idle' && !isTerminal(state);
}

export function log(out: OrbAction[], level: LogLevel, message: string, at: number): void {
  out.push({ type: 'log', level, message, at });
}

export function rangeLabel(w: RunWindow): string {
  return `${formatLocalTime(w.orbStart, w.offsetMinutes)}–${formatLocalTime(w.orbEnd, w.offsetMinutes)}`;
}

export function moveTo(s: OrbRunState, state: PipelineState): OrbRunState {
  const index = PIPELINE_INDEX[state] ?? 0;
  return { ...s, state, reached: index > s.reached ? index : s.reached };
}

export function endRun(
  s: OrbRunState,
  state: TerminalState,
  now: number,
  out: OrbAction[],
  reason: string,
): OrbRunState {
  if (isTerminal(s.state)) return s;
  const level: LogLevel = state === 'failed' ? 'error' : state === 'stopped' ? 'warn' : 'info';
  log(out, level, reason, now);
  return { ...s, state, endReason: reason, completedAt: now };
}

export function dailyLossReached(s: OrbRunState, settings: OrbSettings): boolean {
  return settings.risk_max_daily_loss !== null && s.dayPnl <= -settings.risk_max_daily_loss;
}

/** Why no further entry is allowed by the attempt and daily trade limits, if so. */
export function stopReason(s: OrbRunState, settings: OrbSettings): string | null {
  if (s.attempts >= settings.max_attempts) {
    return settings.max_attempts === 1
      ? 'The one attempt for this run is used.'
      : `All ${settings.max_attempts} attempts for this run are used.`;
  }
  if (s.dayTrades >= settings.risk_max_daily_trades)
    return 'The daily trade limit is reached: no new entries today.';
  return null;
}

const isPending = (leg: EntryLeg): boolean => leg.status === 'sent' || leg.status === 'accepted';
const isLive = (leg: EntryLeg): boolean => isPending(leg) || leg.status === 'open';

/** Cancels pending legs and closes open ones; true when a position is still being closed. */
function unwind(entry: ActiveEntry, reason: 'flatten' | 'hard_stop', out: OrbAction[]): boolean {
  let closing = false;
  for (const leg of entry.legs) {
    if (isPending(leg)) out.push({ type: 'cancel_order', clientOrderId: leg.clientOrderId });
    if (leg.status === 'open') {
      out.push({ type: 'close_position', clientOrderId: leg.clientOrderId, reason });
      closing = true;
    }
  }
  return closing;
}

/** Session close: cancel pending entries, close positions, end the run. Runs once. */
export function flatten(s: OrbRunState, now: number, out: OrbAction[]): OrbRunState {
  if (s.flattening || isTerminal(s.state)) return s;
  const at = formatLocalTime(s.window.flattenAt, s.window.offsetMinutes);
  const next = { ...s, flattening: true };
  if (next.entry !== null && unwind(next.entry, 'flatten', out)) {
    log(out, 'info', `Session close at ${at}: closing the open position.`, now);
    return next;
  }
  if (s.state === 'idle')
    return endRun(next, 'skipped', now, out, 'The session ended before this run could start.');
  const message =
    s.tradesClosed > 0
      ? `Session close at ${at}: the run is complete.`
      : `Session close at ${at} with no trade taken today.`;
  return endRun(next, 'closed', now, out, message);
}

export function hardStop(s: OrbRunState, at: number, out: OrbAction[]): OrbRunState {
  if (isTerminal(s.state)) return s;
  const closing = s.entry !== null && unwind(s.entry, 'hard_stop', out);
  const message = closing
    ? 'Hard stop: closing the open position and halting monitoring.'
    : 'Hard stop: monitoring halted.';
  return endRun({ ...s, halted: true }, 'stopped', at, out, message);
}

function withLeg(entry: ActiveEntry, index: number, leg: EntryLeg): ActiveEntry {
  const legs = entry.legs.slice();
  legs[index] = leg;
  return { ...entry, legs };
}

export function onOrderUpdate(
  s: OrbRunState,
  ev: Extract<OrbEvent, { type: 'order_update' }>,
  settings: OrbSettings,
  out: OrbAction[],
): OrbRunState {
  const entry = s.entry;
  if (entry === null) return s;
  const index = entry.legs.findIndex((leg) => leg.clientOrderId === ev.clientOrderId);
  const leg = entry.legs[index];
  // Unknown ids and repeated updates are ignored: a restarted runner may replay them.
  if (leg === undefined || !isPending(leg)) return s;
  const what = `${entry.side} ${entry.orderType} order for ${leg.qty} lot`;

  if (ev.status === 'accepted') {
    if (leg.status !== 'sent') return s;
    log(out, 'info', `The broker accepted the ${what}.`, ev.at);
    return { ...s, entry: withLeg(entry, index, { ...leg, status: 'accepted' }) };
  }
  if (ev.status === 'filled') {
    const fillPrice = (ev.fillPrice ?? entry.refPrice) + 0;
    const filledQty = ev.filledQty ?? leg.qty;
    const firstFill = !entry.legs.some((l) => l.status === 'open' || l.status === 'closed');
    let next: OrbRunState = {
      ...s,
      dayTrades: firstFill ? s.dayTrades + 1 : s.dayTrades,
      entry: withLeg(entry, index, {
        ...leg,
        status: 'open',
        fillPrice,
        filledQty,
        filledAt: ev.at,
      }),
    };
    if (next.state === 'order_sent') next = moveTo(next, 'filled');
    const verb = entry.side === 'buy' ? 'Bought' : 'Sold';
    log(out, 'info', `${verb} ${filledQty} lot at ${formatPrice(fillPrice)}.`, ev.at);
    // A fill that raced a hard stop or the session close is closed at once.
    if (s.halted || s.flattening) {
      out.push({
        type: 'close_position',
        clientOrderId: leg.clientOrderId,
        reason: s.halted ? 'hard_stop' : 'flatten',
      });
    }
    return next;
  }
  const status = ev.status === 'rejected' ? 'rejected' : 'cancelled';
  log(out, status === 'rejected' ? 'warn' : 'info', `The ${what} was ${status}.`, ev.at);
  const next = { ...s, entry: withLeg(entry, index, { ...leg, status }) };
  return next.entry.legs.some(isLive) ? next : finishAttempt(next, ev.at, settings, out);
}

export function onPositionClosed(
  s: OrbRunState,
  ev: Extract<OrbEvent, { type: 'position_closed' }>,
  settings: OrbSettings,
  out: OrbAction[],
): OrbRunState {
  let entry = s.entry;
  if (entry === null) return s;
  let next = s;
  let feeLeft = ev.fee ?? 0;
  for (let i = 0; i < entry.legs.length; i += 1) {
    const leg = entry.legs[i];
    if (leg === undefined || leg.status !== 'open') continue;
    if (ev.clientOrderId !== undefined && leg.clientOrderId !== ev.clientOrderId) continue;
    const trade = buildTrade(next, entry, leg, ev, feeLeft, settings);
    feeLeft = 0; // a fee without an order id belongs to the whole position: charge it once
    out.push({ type: 'trade_closed', trade });
    const r = trade.rMultiple === null ? '' : `, ${trade.rMultiple.toFixed(2)}R`;
    log(
      out,
      trade.pnl < 0 ? 'warn' : 'info',
      `Position closed at ${formatPrice(trade.exitPrice)} (${exitLabel(trade.exitReason)}): ${formatPnl(trade.pnl)}${r}.`,
      ev.at,
    );
    entry = withLeg(entry, i, { ...leg, status: 'closed' });
    next = {
      ...next,
      entry,
      dayPnl: roundHalfUp(next.dayPnl + trade.pnl, MONEY_DECIMALS),
      runPnl: roundHalfUp(next.runPnl + trade.pnl, MONEY_DECIMALS),
      tradesClosed: next.tradesClosed + 1,
      lastTrade: trade,
    };
  }
  if (next === s) return s;
  return entry.legs.some(isLive) ? next : finishAttempt(next, ev.at, settings, out);
}

function exitLabel(reason: ClosedTrade['exitReason']): string {
  return reason === 'flatten' ? 'session close' : reason === 'manual' ? 'closed manually' : reason;
}

/** An attempt is over (all legs closed or never filled): monitor again or end the run. */
function finishAttempt(
  s: OrbRunState,
  now: number,
  settings: OrbSettings,
  out: OrbAction[],
): OrbRunState {
  const next = { ...s, entry: null };
  if (isTerminal(next.state)) return next;
  if (next.flattening)
    return endRun(next, 'closed', now, out, 'Session close: the run is complete.');
  if (dailyLossReached(next, settings)) {
    return endRun(
      next,
      'closed',
      now,
      out,
      `The daily loss limit of ${formatPnl(-(settings.risk_max_daily_loss ?? 0))} is reached: no new entries today.`,
    );
  }
  const reason = stopReason(next, settings);
  if (reason !== null) return endRun(next, 'closed', now, out, reason);
  log(
    out,
    'info',
    `Watching for another breakout (attempt ${next.attempts + 1} of ${settings.max_attempts}).`,
    now,
  );
  return moveTo(next, 'monitoring');
}

function buildTrade(
  s: OrbRunState,
  entry: ActiveEntry,
  leg: EntryLeg,
  ev: Extract<OrbEvent, { type: 'position_closed' }>,
  fee: number,
  settings: OrbSettings,
): ClosedTrade {
  const qty = leg.filledQty ?? leg.qty;
  const entryPrice = leg.fillPrice ?? entry.refPrice;
  const direction = entry.side === 'buy' ? 1 : -1;
  const grossPnl = roundHalfUp(
    (ev.exitPrice - entryPrice) * direction * qty * settings.value_per_point,
    MONEY_DECIMALS,
  );
  const pnl = roundHalfUp(grossPnl - fee, MONEY_DECIMALS);
  const riskAmount = roundHalfUp(
    Math.abs(entryPrice - entry.stopPrice) * qty * settings.value_per_point,
    MONEY_DECIMALS,
  );
  return {
    runId: s.runId,
    tradingDay: s.window.tradingDay,
    instrument: settings.instrument,
    clientOrderId: leg.clientOrderId,
    attempt: entry.attempt,
    side: entry.side,
    orderType: entry.orderType,
    qty,
    entryPrice,
    entryAt: leg.filledAt ?? entry.triggeredAt,
    exitPrice: ev.exitPrice + 0,
    exitAt: ev.at,
    exitReason: ev.reason,
    stopPrice: entry.stopPrice,
    targetPrice: leg.targetPrice,
    riskAmount,
    grossPnl,
    fees: roundHalfUp(fee, MONEY_DECIMALS),
    pnl,
    rMultiple: riskAmount > 0 ? Math.round((pnl / riskAmount) * 10_000) / 10_000 : null,
    winLoss: pnl > 0 ? 'win' : pnl < 0 ? 'loss' : 'flat',
    orbStart: s.window.orbStart,
    orbRangeMinutes: Math.round((s.window.orbEnd - s.window.orbStart) / MINUTE),
    orbHigh: s.orbHigh ?? 0,
    orbLow: s.orbLow ?? 0,
  };
}
