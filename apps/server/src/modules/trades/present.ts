import { sessionLabelFor } from '@th/domain';
import type { Trade } from '@th/contracts';
import { trades } from '../../db/schema/index.ts';
import { LABEL_ACCOUNT_PREFIX } from './account-filter.ts';

export type TradeRow = typeof trades.$inferSelect;

/** The columns `toTrade` reads: the trade log selects only these (its rows are decoded per column). */
export const tradeLogColumns = {
  id: trades.id,
  source: trades.source,
  exitOrderId: trades.exitOrderId,
  entryOrderId: trades.entryOrderId,
  brokerPositionId: trades.brokerPositionId,
  instrument: trades.instrument,
  botLabel: trades.botLabel,
  side: trades.side,
  type: trades.type,
  quantity: trades.quantity,
  entryTime: trades.entryTime,
  exitTime: trades.exitTime,
  entryPrice: trades.entryPrice,
  exitPrice: trades.exitPrice,
  stopLoss: trades.stopLoss,
  stopPrice: trades.stopPrice,
  takeProfit: trades.takeProfit,
  fee: trades.fee,
  swap: trades.swap,
  grossPnl: trades.grossPnl,
  netPnl: trades.netPnl,
  notes: trades.notes,
  accountLabel: trades.accountLabel,
  accountIdentifier: trades.accountIdentifier,
  tradingAccountId: trades.tradingAccountId,
  tradeDate: trades.tradeDate,
};
export type TradeLogRow = Pick<TradeRow, keyof typeof tradeLogColumns>;

/** Manual trades are addressed as manual-{n} (§3.5); synced and bot trades by their number. */
export function publicTradeId(row: Pick<TradeRow, 'id' | 'source'>): string {
  return row.source === 'manual' ? `manual-${row.id}` : String(row.id);
}

/**
 * The row a public trade id names, or null when it cannot be one of ours. The prefix must
 * match the source, so "manual-7" never reaches a synced trade 7 and vice versa.
 */
export function parsePublicTradeId(value: string): { id: number; manual: boolean } | null {
  const match = /^(manual-)?([1-9]\d{0,15})$/.exec(value.trim());
  if (!match?.[2]) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { id, manual: Boolean(match[1]) } : null;
}


const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toTrade(row: TradeLogRow): Trade {
  const manual = row.source === 'manual';
  const entry = iso(row.entryTime);
  const exit = iso(row.exitTime);
  return {
    id: publicTradeId(row),
    exit_order_id: row.exitOrderId,
    entry_order_id: row.entryOrderId,
    position_id: row.brokerPositionId,
    instrument: row.instrument,
    bot_label: row.botLabel,
    side: row.side,
    type: row.type,
    quantity: row.quantity,
    entry_time: entry,
    exit_time: exit,
    entry_price: row.entryPrice,
    exit_price: row.exitPrice,
    stop_loss: row.stopLoss ?? row.stopPrice,
    take_profit: row.takeProfit,
    fee: row.fee,
    swap: row.swap,
    gross_pnl: row.grossPnl,
    net_pnl: row.netPnl,
    notes: row.notes,
    // Paper trades read as the bot's in the journal; the contract knows no separate source.
    source: row.source === 'paper' ? 'bot' : row.source,
    manual,
    manual_trade_id: manual ? row.id : null,
    account: { label: row.accountLabel, identifier: row.accountIdentifier },
    account_id: row.tradingAccountId ?? `${LABEL_ACCOUNT_PREFIX}${row.accountLabel ?? ''}`,
    account_label: row.accountLabel,
    account_identifier: row.accountIdentifier,
    trade_date: row.tradeDate,
    session: sessionLabelFor(entry, exit),
  };
}
