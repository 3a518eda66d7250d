import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sessionLabelAt } from '@th/domain';
import type { Trade } from '@th/contracts';
import { trades } from '../../db/schema/index.ts';
import { LABEL_ACCOUNT_PREFIX } from './account-filter.ts';

export type TradeRow = typeof trades.$inferSelect;

/**
 * A moment as epoch milliseconds, truncated as Date's parse of PostgreSQL's text of it truncates
 * (extract gives an exact numeric; float8 holds any such millisecond exactly). Both drivers answer
 * a float8 as a number: no text of the moment is parsed into a Date and turned back into text.
 */
const epochMs = (column: AnyPgColumn) => sql<number | null>`floor(extract(epoch from ${column}) * 1000)::float8`;

/**
 * What the trade log reads of a trade by id (a filtered page's), in this order: its rows are read
 * as arrays (`arrayRowsQuery`), each made a `TradeLogRow` by position (`logRowOf`).
 */
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
  entryTime: epochMs(trades.entryTime),
  exitTime: epochMs(trades.exitTime),
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

type LogFields = Exclude<keyof typeof tradeLogColumns, 'entryTime' | 'exitTime'>;
/** A trade as the log reads it: its times as epoch milliseconds. */
export type TradeLogRow = Pick<TradeRow, LogFields> & { entryTime: number | null; exitTime: number | null };

/**
 * A row read as an array of `tradeLogColumns`' values, in their order. Written out, not looped
 * over the columns as drizzle maps a row: one object of one shape, a few nanoseconds a row. The
 * id is a bigint column (text from node-postgres); numerics and the date stay as read (text).
 */
export function logRowOf(values: unknown[]): TradeLogRow {
  const v = values as [string | number, ...unknown[]];
  return {
    id: Number(v[0]),
    source: v[1] as TradeRow['source'],
    exitOrderId: v[2] as string | null,
    entryOrderId: v[3] as string | null,
    brokerPositionId: v[4] as string | null,
    instrument: v[5] as string,
    botLabel: v[6] as string | null,
    side: v[7] as TradeRow['side'],
    type: v[8] as string | null,
    quantity: v[9] as string | null,
    entryTime: v[10] as number | null,
    exitTime: v[11] as number | null,
    entryPrice: v[12] as string | null,
    exitPrice: v[13] as string | null,
    stopLoss: v[14] as string | null,
    stopPrice: v[15] as string | null,
    takeProfit: v[16] as string | null,
    fee: v[17] as string | null,
    swap: v[18] as string | null,
    grossPnl: v[19] as string | null,
    netPnl: v[20] as string | null,
    notes: v[21] as string | null,
    accountLabel: v[22] as string | null,
    accountIdentifier: v[23] as string | null,
    tradingAccountId: v[24] as string | null,
    tradeDate: v[25] as string | null,
  };
}

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


const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A trade read whole (drizzle's row, its times as Dates) as the log reads it. */
export function logRowOfTrade(row: Pick<TradeRow, LogFields | 'entryTime' | 'exitTime'>): TradeLogRow {
  return { ...row, entryTime: row.entryTime?.getTime() ?? null, exitTime: row.exitTime?.getTime() ?? null };
}

/** A trade read whole as the API answers it: the log's trade. */
export function toTrade(row: Pick<TradeRow, LogFields | 'entryTime' | 'exitTime'>): Trade {
  return logTrade(logRowOfTrade(row));
}

/** A trade log row as the API answers it. */
export function logTrade(row: TradeLogRow): Trade {
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
    // By entry, else exit (sessionLabelFor's rule), from the milliseconds: no text parsed again.
    session: sessionLabelAt(row.entryTime ?? row.exitTime ?? ''),
  };
}
