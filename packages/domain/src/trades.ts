/**
 * Rules about single trades and a day of trades: manual or linked, outcome, R multiple,
 * daily-log statistics and the TradeDesk's "latest trades" and calendar totals.
 */
import { fromCents, parseAmount, roundHalfUp, toCents, type Amount } from './money.ts';
import { valuePerPoint as instrumentValuePerPoint } from './instruments.ts';
import { instantMs, tradeDateOf } from './trade-dates.ts';
import { SESSION_LABELS, sessionLabelFor, type SessionLabel } from './trading-sessions.ts';

/** The fields these rules read; API trades (order history and bot trades) fit it. */
export interface TradeLike {
  id?: string | number | null;
  manual?: unknown;
  source?: string | null;
  manual_trade_id?: number | string | null;
  instrument?: string | null;
  side?: string | null;
  quantity?: Amount;
  qty?: Amount;
  entry_time?: string | null;
  exit_time?: string | null;
  entry_price?: Amount;
  exit_price?: Amount;
  stop_loss?: Amount;
  stop_price?: Amount;
  net_pnl?: Amount;
  pnl?: Amount;
  rr?: Amount;
  actual_rr?: Amount;
  risk_amount?: Amount;
  value_per_point?: Amount;
  contract_size?: Amount;
}

const MANUAL_ID = /^manual-(\d+)$/;

/** Manual when flagged, sourced manually, carrying a positive manual id or a manual-{n} id. */
export function isManualTrade(trade: TradeLike): boolean {
  if (trade.manual) return true;
  if (trade.source?.toLowerCase() === 'manual') return true;
  if ((parseAmount(trade.manual_trade_id) ?? 0) > 0) return true;
  return typeof trade.id === 'string' && MANUAL_ID.test(trade.id);
}

/** The id to delete a manual trade with: manual_trade_id, else the number in manual-{n}. */
export function manualTradeIdOf(trade: TradeLike): number | null {
  const explicit = parseAmount(trade.manual_trade_id);
  if (explicit !== null && explicit > 0 && Number.isInteger(explicit)) return explicit;
  const match = typeof trade.id === 'string' ? MANUAL_ID.exec(trade.id) : null;
  const fromId = match?.[1] ? Number(match[1]) : 0;
  return fromId > 0 ? fromId : null;
}

export type TradeOutcome = 'win' | 'loss' | 'flat';

/** Bot trades: win above zero, loss below, flat otherwise (including unknown P&L). */
export function botTradeOutcome(pnl: Amount): TradeOutcome {
  const cents = toCents(pnl);
  if (cents === null || cents === 0) return 'flat';
  return cents > 0 ? 'win' : 'loss';
}

/** Daily-log rule: a trade with net P&L of 0 or more counts as a win. */
export function isDailyLogWin(netPnl: Amount): boolean {
  return (toCents(netPnl) ?? 0) >= 0;
}

/** Net P&L of a trade: net_pnl, else the bot trades' pnl. */
export function tradeNet(trade: TradeLike): number | null {
  return parseAmount(trade.net_pnl) ?? parseAmount(trade.pnl);
}

/**
 * Money risked: the explicit risk amount, else |entry − stop| × quantity × value per point
 * (the trade's own value per point or contract size, else the instrument's default).
 */
export function riskAmountOf(trade: TradeLike): number | null {
  const explicit = parseAmount(trade.risk_amount);
  if (explicit !== null && explicit !== 0) return Math.abs(explicit);
  const entry = parseAmount(trade.entry_price);
  const stop = parseAmount(trade.stop_price) ?? parseAmount(trade.stop_loss);
  const quantity = parseAmount(trade.quantity) ?? parseAmount(trade.qty);
  const perPoint =
    parseAmount(trade.value_per_point) ??
    parseAmount(trade.contract_size) ??
    instrumentValuePerPoint(trade.instrument);
  if (entry === null || stop === null || quantity === null || perPoint === null) return null;
  const risk = Math.abs(entry - stop) * Math.abs(quantity) * perPoint;
  return risk > 0 ? risk : null;
}

/** R multiple: the server's rr (or actual_rr), else P&L ÷ risk; null when unknowable. */
export function rMultipleOf(trade: TradeLike): number | null {
  const fromServer = parseAmount(trade.rr) ?? parseAmount(trade.actual_rr);
  if (fromServer !== null) return fromServer;
  const pnl = parseAmount(trade.pnl) ?? parseAmount(trade.net_pnl);
  const risk = riskAmountOf(trade);
  if (pnl === null || risk === null) return null;
  return pnl / risk;
}

/** Milliseconds from entry to exit, or null. */
export function tradeDurationMs(trade: TradeLike): number | null {
  const from = instantMs(trade.entry_time);
  const to = instantMs(trade.exit_time);
  if (from === null || to === null) return null;
  const ms = to - from;
  return ms >= 0 ? ms : null;
}

export interface DayStats {
  net: number;
  trades: number;
  /** Net per trade, rounded to cents; 0 without trades. */
  average: number;
  /** Percentage 0–100 with one decimal; 0 without trades. */
  winRate: number;
  wins: number;
  losses: number;
  /** Sessions traded, in trading-day order. */
  sessions: SessionLabel[];
}

/**
 * The daily log's session metrics. A trade without a net P&L adds nothing to the net and,
 * like a zero, counts as a win under the daily-log rule.
 */
export function dayStats(trades: readonly TradeLike[]): DayStats {
  let netCents = 0;
  let wins = 0;
  const seen = new Set<SessionLabel>();
  for (const trade of trades) {
    const cents = toCents(tradeNet(trade)) ?? 0;
    netCents += cents;
    if (cents >= 0) wins += 1;
    const session = sessionLabelFor(trade.entry_time, trade.exit_time);
    if (session) seen.add(session);
  }
  const count = trades.length;
  return {
    net: fromCents(netCents),
    trades: count,
    average: count === 0 ? 0 : fromCents(roundHalfUp(netCents / count, 0)),
    winRate: count === 0 ? 0 : Math.round((wins / count) * 1000) / 10,
    wins,
    losses: count - wins,
    sessions: SESSION_LABELS.filter((label) => seen.has(label)),
  };
}

/** Sort key: exit time, else entry time, in epoch ms; null when neither parses. */
export function tradeRecencyMs(trade: TradeLike): number | null {
  return instantMs(trade.exit_time) ?? instantMs(trade.entry_time);
}

/** The N most recent trades (by exit, else entry time, newest first); undated ones last. */
export function latestTrades<T extends TradeLike>(trades: readonly T[], count = 5): T[] {
  return trades
    .map((trade, index) => ({ trade, index, at: tradeRecencyMs(trade) }))
    .sort((a, b) => {
      if (a.at === b.at) return a.index - b.index;
      if (a.at === null) return 1;
      if (b.at === null) return -1;
      return b.at - a.at;
    })
    .slice(0, Math.max(0, count))
    .map((entry) => entry.trade);
}

export interface DaySummary {
  date: string;
  net: number;
  trades: number;
}

/** Net and trade count per trade date, for the TradeDesk calendar. Undated trades are skipped. */
export function dailySummaries(trades: readonly TradeLike[]): Map<string, DaySummary> {
  const cents = new Map<string, { net: number; trades: number }>();
  for (const trade of trades) {
    const date = tradeDateOf(trade);
    if (!date) continue;
    const day = cents.get(date) ?? { net: 0, trades: 0 };
    day.net += toCents(tradeNet(trade)) ?? 0;
    day.trades += 1;
    cents.set(date, day);
  }
  const result = new Map<string, DaySummary>();
  for (const [date, day] of [...cents].sort(([a], [b]) => a.localeCompare(b))) {
    result.set(date, { date, net: fromCents(day.net), trades: day.trades });
  }
  return result;
}

export interface PeriodSummary {
  net: number;
  trades: number;
  /** Days with at least one trade. */
  days: number;
}

/** Totals over some dates (a calendar row's week column, or the month chips). */
export function periodSummary(
  dates: readonly string[],
  summaries: ReadonlyMap<string, DaySummary>,
): PeriodSummary {
  let net = 0;
  let trades = 0;
  let days = 0;
  for (const date of new Set(dates)) {
    const day = summaries.get(date);
    if (!day || day.trades === 0) continue;
    net += toCents(day.net) ?? 0;
    trades += day.trades;
    days += 1;
  }
  return { net: fromCents(net), trades, days };
}
