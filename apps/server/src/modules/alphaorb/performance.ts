/** Bot performance: the summary cards (§3.6) and the recent trades of the dashboard and detail. */
import { DateTime } from 'luxon';
import { fromCents, toCents, TRADE_TIME_ZONE } from '@th/domain';
import type { BotTradeRow, OverviewRange, Summary } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { listBotTrades, type BotTrade } from '../trades/index.ts';


/** First trade date (YYYY-MM-DD, Toronto) of a reporting range; null for all time. */
export function rangeStart(range: OverviewRange, now: Date): string | null {
  const today = DateTime.fromJSDate(now, { zone: TRADE_TIME_ZONE }).startOf('day');
  if (range === 'day') return today.toISODate();
  if (range === 'week') return today.startOf('week').toISODate();
  if (range === 'month') return today.startOf('month').toISODate();
  return null;
}

export async function botTrades(ctx: AppContext, userId: string, botIds: string[]): Promise<BotTrade[]> {
  const lists = await Promise.all(botIds.map((botId) => listBotTrades(ctx.db, { userId, botId, limit: 1000 })));
  return lists.flat().sort((a, b) => (b.exit_time ?? '').localeCompare(a.exit_time ?? ''));
}

export function summarize(trades: BotTrade[], range: OverviewRange, now: Date, currency = 'USD'): Summary {
  const from = rangeStart(range, now);
  const inRange = from === null ? trades : trades.filter((t) => (t.trade_date ?? '') >= from);
  const wins = inRange.filter((t) => t.win_loss === 'win').length;
  // Sums in cents: money never accumulates float error.
  const total = trades.reduce((sum, t) => sum + (toCents(t.pnl) ?? 0), 0);
  const period = inRange.reduce((sum, t) => sum + (toCents(t.pnl) ?? 0), 0);
  return {
    totalRevenue: fromCents(total),
    periodRevenue: fromCents(period),
    winRate: inRange.length === 0 ? 0 : wins / inRange.length,
    wins,
    totalPositions: inRange.length,
    currency,
  };
}

export function tradeRow(t: BotTrade): BotTradeRow {
  return {
    id: t.id,
    bot_id: t.bot_id,
    bot_label: t.bot_label,
    run_id: t.run_id,
    instrument: t.instrument,
    side: t.side,
    quantity: t.quantity,
    entry_time: t.entry_time,
    exit_time: t.exit_time,
    entry_price: t.entry_price,
    exit_price: t.exit_price,
    stop_price: t.stop_price,
    take_profit: t.take_profit,
    pnl: t.pnl,
    win_loss: t.win_loss,
    rr: t.rr,
    risk_amount: t.risk_amount,
    orb_start: t.orb_start,
    orb_range_minutes: t.orb_range_minutes,
    order_status: t.order_status,
  };
}
