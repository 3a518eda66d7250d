/**
 * The /trade/config answer: column layouts for the array rows, rate limits and limits, plus
 * the serialisers that turn book records into rows in exactly that column order. The extra
 * ordersHistory columns realizedPnl, fee and swap are this simulator's addition so journals can
 * fill gross / fee / swap; clients map rows by column id, so extra columns are harmless.
 */
import type { AccountBook, SimExecution, SimOrder, SimPosition } from './account-book.ts';
import { USD_PER, findInstrument } from './instruments.ts';
import { quoteAt, type PricePins } from './market.ts';

export interface RateLimit {
  rateLimitType: string;
  measure: 'SECONDS' | 'MINUTES';
  intervalNum: number;
  limit: number;
}

/** Which rate limit bucket each simulated route draws from. */
export type RouteKey =
  | 'ACCOUNT_STATE'
  | 'CONFIG'
  | 'INSTRUMENTS'
  | 'INSTRUMENT_DETAILS'
  | 'QUOTES'
  | 'QUOTES_HISTORY'
  | 'ORDERS'
  | 'POSITIONS'
  | 'EXECUTIONS'
  | 'ORDERS_HISTORY'
  | 'PLACE_ORDER'
  | 'MODIFY_ORDER'
  | 'CANCEL_ORDER'
  | 'CLOSE_POSITION'
  | 'MODIFY_POSITION';

export const DEFAULT_RATE_LIMITS: RateLimit[] = [
  { rateLimitType: 'ACCOUNT_STATE', measure: 'SECONDS', intervalNum: 1, limit: 10 },
  { rateLimitType: 'CONFIG', measure: 'SECONDS', intervalNum: 1, limit: 10 },
  { rateLimitType: 'INSTRUMENTS', measure: 'SECONDS', intervalNum: 1, limit: 10 },
  { rateLimitType: 'INSTRUMENT_DETAILS', measure: 'SECONDS', intervalNum: 1, limit: 20 },
  { rateLimitType: 'QUOTES', measure: 'SECONDS', intervalNum: 1, limit: 20 },
  { rateLimitType: 'QUOTES_HISTORY', measure: 'SECONDS', intervalNum: 1, limit: 10 },
  { rateLimitType: 'ORDERS', measure: 'SECONDS', intervalNum: 1, limit: 10 },
  { rateLimitType: 'POSITIONS', measure: 'SECONDS', intervalNum: 1, limit: 10 },
  { rateLimitType: 'EXECUTIONS', measure: 'SECONDS', intervalNum: 1, limit: 10 },
  { rateLimitType: 'ORDERS_HISTORY', measure: 'SECONDS', intervalNum: 1, limit: 10 },
  { rateLimitType: 'PLACE_ORDER', measure: 'SECONDS', intervalNum: 1, limit: 10 },
  { rateLimitType: 'MODIFY_ORDER', measure: 'SECONDS', intervalNum: 1, limit: 10 },
  { rateLimitType: 'CANCEL_ORDER', measure: 'SECONDS', intervalNum: 1, limit: 10 },
  { rateLimitType: 'CLOSE_POSITION', measure: 'SECONDS', intervalNum: 1, limit: 10 },
  { rateLimitType: 'MODIFY_POSITION', measure: 'SECONDS', intervalNum: 1, limit: 10 },
];

export const MAX_HISTORY_BARS = 20_000;

const col = (id: string, description: string) => ({ id, description });

export const POSITION_COLUMNS = [
  col('id', 'Position id'),
  col('tradableInstrumentId', 'Instrument'),
  col('routeId', 'Route'),
  col('side', 'Side'),
  col('qty', 'Quantity (lots)'),
  col('avgPrice', 'Average price'),
  col('stopLossId', 'Stop loss order id'),
  col('takeProfitId', 'Take profit order id'),
  col('openDate', 'Open time (ms)'),
  col('unrealizedPl', 'Unrealized P&L'),
  col('strategyId', 'Strategy id'),
];

export const ORDER_COLUMNS = [
  col('id', 'Order id'),
  col('tradableInstrumentId', 'Instrument'),
  col('routeId', 'Route'),
  col('qty', 'Quantity (lots)'),
  col('side', 'Side'),
  col('type', 'Type'),
  col('status', 'Status'),
  col('filledQty', 'Filled quantity'),
  col('avgPrice', 'Average fill price'),
  col('price', 'Limit price'),
  col('stopPrice', 'Stop price'),
  col('validity', 'Validity'),
  col('expireDate', 'Expire time (ms)'),
  col('createdDate', 'Created time (ms)'),
  col('lastModified', 'Last modified time (ms)'),
  col('isOpen', 'Opens a position'),
  col('positionId', 'Position id'),
  col('stopLoss', 'Stop loss'),
  col('stopLossType', 'Stop loss type'),
  col('takeProfit', 'Take profit'),
  col('takeProfitType', 'Take profit type'),
  col('strategyId', 'Strategy id'),
];

export const ORDERS_HISTORY_COLUMNS = [
  ...ORDER_COLUMNS,
  col('realizedPnl', 'Realized P&L of this fill in account currency (simulator extra)'),
  col('fee', 'Commission charged on this fill, a positive cost (simulator extra)'),
  col('swap', 'Swap booked on this fill, negative when charged (simulator extra)'),
];

export const EXECUTION_COLUMNS = [
  col('id', 'Execution id'),
  col('orderId', 'Order id'),
  col('positionId', 'Position id'),
  col('tradableInstrumentId', 'Instrument'),
  col('routeId', 'Route'),
  col('qty', 'Quantity (lots)'),
  col('side', 'Side'),
  col('price', 'Price'),
  col('time', 'Time (ms)'),
];

export const ACCOUNT_DETAILS_COLUMNS = [
  col('balance', 'Balance'),
  col('projectedBalance', 'Projected balance'),
  col('availableFunds', 'Available funds'),
  col('blockedBalance', 'Blocked balance'),
  col('cashBalance', 'Cash balance'),
  col('openGrossPnL', 'Open gross P&L'),
  col('openNetPnL', 'Open net P&L'),
  col('positionsCount', 'Open positions'),
  col('ordersCount', 'Working orders'),
];

export function tradeConfig(rateLimits: RateLimit[]) {
  return {
    positionsConfig: { columns: POSITION_COLUMNS },
    ordersConfig: { columns: ORDER_COLUMNS },
    ordersHistoryConfig: { columns: ORDERS_HISTORY_COLUMNS },
    filledOrdersConfig: { columns: EXECUTION_COLUMNS },
    accountDetailsConfig: { columns: ACCOUNT_DETAILS_COLUMNS },
    rateLimits,
    limits: [
      { limitType: 'QUOTES_HISTORY_BARS', limit: MAX_HISTORY_BARS },
      { limitType: 'ORDERS_HISTORY_ROWS', limit: 1_000 },
    ],
  };
}

const s = (v: number | string | null | boolean) => (v === null ? null : String(v));
const money = (centsValue: number) => (centsValue / 100).toFixed(2);

export function orderRow(order: SimOrder, withResults: boolean): Array<string | null> {
  const row = [
    order.id,
    order.tradableInstrumentId,
    order.routeId,
    s(order.qty),
    order.side,
    order.type,
    order.status,
    s(order.filledQty),
    s(order.avgPrice),
    s(order.price),
    s(order.stopPrice),
    order.validity,
    s(order.expireDate),
    s(order.createdDate),
    s(order.lastModified),
    s(!order.closesPosition),
    order.positionId,
    s(order.stopLoss),
    order.stopLossType,
    s(order.takeProfit),
    order.takeProfitType,
    order.strategyId,
  ];
  if (withResults)
    row.push(money(order.realizedPnlCents), money(order.feeCents), money(order.swapCents));
  return row;
}

export function unrealizedPnl(position: SimPosition, now: number, pins?: PricePins): number {
  const inst = findInstrument(position.tradableInstrumentId)!;
  const quote = quoteAt(inst, now, pins);
  const exit = position.side === 'buy' ? quote.bid : quote.ask;
  const direction = position.side === 'buy' ? 1 : -1;
  const pnl = (exit - position.avgPrice) * direction * position.qty * inst.contractSize;
  return Math.round(pnl * USD_PER[inst.quotingCurrency] * 100) / 100;
}

export function positionRow(position: SimPosition, now: number, pins?: PricePins): Array<string | null> {
  return [
    position.id,
    position.tradableInstrumentId,
    position.routeId,
    position.side,
    s(position.qty),
    s(position.avgPrice),
    position.stopLossId,
    position.takeProfitId,
    s(position.openDate),
    unrealizedPnl(position, now, pins).toFixed(2),
    position.strategyId,
  ];
}

export function executionRow(e: SimExecution): Array<string | null> {
  return [
    e.id,
    e.orderId,
    e.positionId,
    e.tradableInstrumentId,
    e.routeId,
    s(e.qty),
    e.side,
    s(e.price),
    s(e.time),
  ];
}

/** accountDetailsData is the one place TradeLocker answers with numbers, not strings. */
export function accountDetails(book: AccountBook, now: number): number[] {
  let open = 0;
  for (const p of book.positions.values()) open += unrealizedPnl(p, now, book.pins);
  open = Math.round(open * 100) / 100;
  const balance = book.balanceCents / 100;
  let working = 0;
  for (const o of book.orders.values()) if (o.status === 'New') working++;
  return [
    balance,
    balance + open,
    balance + open,
    0,
    balance,
    open,
    open,
    book.positions.size,
    working,
  ];
}
