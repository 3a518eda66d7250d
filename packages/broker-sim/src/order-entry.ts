/**
 * What the trade endpoints do to a book: place, modify and cancel orders, close and protect
 * positions. Validation follows TradeLocker's rules (market = IOC, limit/stop = GTC, lots on
 * the lot step, strategyId ≤ 31 chars); a rejection comes back as the broker's errmsg.
 */
import {
  addOrder,
  cancelOrder,
  fillOrder,
  opposite,
  protectionPrice,
  roundLots,
  setProtection,
  type AccountBook,
  type OrderType,
  type ProtectionType,
} from './account-book.ts';
import { findInstrument, TRADE_ROUTE_ID, type SimInstrument } from './instruments.ts';
import { quoteAt } from './market.ts';
import { sidePrice } from './order-matching.ts';

export type EntryResult = { ok: true; orderId: string } | { ok: false; errmsg: string };
type Done = { ok: true } | { ok: false; errmsg: string };

export interface PlaceOrderInput {
  tradableInstrumentId?: unknown;
  routeId?: unknown;
  qty?: unknown;
  side?: unknown;
  type?: unknown;
  validity?: unknown;
  price?: unknown;
  stopPrice?: unknown;
  stopLoss?: unknown;
  stopLossType?: unknown;
  takeProfit?: unknown;
  takeProfitType?: unknown;
  strategyId?: unknown;
}

function num(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : NaN;
}

function fail(errmsg: string): { ok: false; errmsg: string } {
  return { ok: false, errmsg };
}

function checkQty(inst: SimInstrument, qty: number | null): string | null {
  if (qty === null || Number.isNaN(qty) || qty <= 0) return 'Invalid qty';
  if (qty < inst.minLot || qty > inst.maxLot)
    return `Qty must be between ${inst.minLot} and ${inst.maxLot}`;
  if (Math.abs(qty / inst.lotStep - Math.round(qty / inst.lotStep)) > 1e-9)
    return 'Qty is not a multiple of the lot step';
  return null;
}

const protectionTypes = new Set(['absolute', 'offset', 'trailingOffset']);

export function placeOrder(
  book: AccountBook,
  nextId: () => string,
  input: PlaceOrderInput,
  now: number,
): EntryResult {
  const strategyId =
    input.strategyId == null || input.strategyId === '' ? null : String(input.strategyId);
  if (strategyId !== null) {
    if (strategyId.length > 31) return fail('strategyId must be at most 31 characters');
    const existing = book.strategyIds.get(strategyId);
    if (existing) return { ok: true, orderId: existing };
  }
  const inst = findInstrument(String(input.tradableInstrumentId ?? ''));
  if (!inst) return fail('Unknown tradableInstrumentId');
  if (String(input.routeId ?? '') !== TRADE_ROUTE_ID) return fail('routeId must be a TRADE route');
  const qty = num(input.qty);
  const qtyError = checkQty(inst, qty);
  if (qtyError) return fail(qtyError);
  const side = input.side;
  if (side !== 'buy' && side !== 'sell') return fail('side must be buy or sell');
  const type = input.type;
  if (type !== 'market' && type !== 'limit' && type !== 'stop')
    return fail('type must be market, limit or stop');
  const validity = input.validity ?? (type === 'market' ? 'IOC' : 'GTC');
  if (type === 'market' && validity !== 'IOC') return fail('Market orders must use IOC validity');
  if (type !== 'market' && validity !== 'GTC')
    return fail('Limit and stop orders must use GTC validity');
  const price = num(input.price);
  const stopPrice = num(input.stopPrice);
  if (type === 'limit' && (price === null || Number.isNaN(price) || price <= 0))
    return fail('Limit orders need a price');
  if (type === 'stop' && (stopPrice === null || Number.isNaN(stopPrice) || stopPrice <= 0))
    return fail('Stop orders need a stopPrice');
  const stopLoss = num(input.stopLoss);
  const takeProfit = num(input.takeProfit);
  if (Number.isNaN(stopLoss) || Number.isNaN(takeProfit))
    return fail('Invalid stopLoss or takeProfit');
  const stopLossType = (input.stopLossType ??
    (stopLoss === null ? null : 'absolute')) as ProtectionType | null;
  const takeProfitType = (input.takeProfitType ??
    (takeProfit === null ? null : 'absolute')) as ProtectionType | null;
  if (stopLossType && !protectionTypes.has(stopLossType)) return fail('Invalid stopLossType');
  if (takeProfitType && !protectionTypes.has(takeProfitType)) return fail('Invalid takeProfitType');

  const quote = quoteAt(inst, now, book.pins);
  if (type === 'market' && !quote.open) return fail('Market is closed');
  const expectedEntry =
    type === 'limit'
      ? price!
      : type === 'stop'
        ? stopPrice!
        : side === 'buy'
          ? quote.ask
          : quote.bid;
  const sl = protectionPrice(inst, side, expectedEntry, stopLoss, stopLossType, 'stopLoss');
  const tp = protectionPrice(inst, side, expectedEntry, takeProfit, takeProfitType, 'takeProfit');
  const below = (a: number | null, b: number) => a === null || a < b;
  const above = (a: number | null, b: number) => a === null || a > b;
  if (side === 'buy' ? !below(sl, expectedEntry) : !above(sl, expectedEntry))
    return fail('Invalid stop loss price');
  if (side === 'buy' ? !above(tp, expectedEntry) : !below(tp, expectedEntry))
    return fail('Invalid take profit price');

  const order = addOrder(book, nextId, {
    tradableInstrumentId: inst.tradableInstrumentId,
    routeId: TRADE_ROUTE_ID,
    qty: qty!,
    side,
    type: type as OrderType,
    validity: validity as 'GTC' | 'IOC',
    price: type === 'limit' ? price : null,
    stopPrice: type === 'stop' ? stopPrice : null,
    expireDate: null,
    createdDate: now,
    lastModified: now,
    positionId: null,
    closesPosition: false,
    stopLoss,
    stopLossType,
    takeProfit,
    takeProfitType,
    strategyId,
  });
  if (strategyId !== null) book.strategyIds.set(strategyId, order.id);
  if (type === 'market')
    fillOrder(book, nextId, order, side === 'buy' ? quote.ask : quote.bid, now);
  return { ok: true, orderId: order.id };
}

export function cancelWorkingOrder(book: AccountBook, orderId: string, now: number): Done {
  const order = book.orders.get(orderId);
  if (!order) return fail('Order not found');
  if (order.status !== 'New') return fail(`Order is ${order.status}`);
  cancelOrder(order, now);
  const position = order.positionId ? book.positions.get(order.positionId) : undefined;
  if (position?.stopLossId === order.id) position.stopLossId = null;
  if (position?.takeProfitId === order.id) position.takeProfitId = null;
  return { ok: true };
}

export function modifyWorkingOrder(
  book: AccountBook,
  orderId: string,
  patch: {
    qty?: unknown;
    price?: unknown;
    stopPrice?: unknown;
    stopLoss?: unknown;
    takeProfit?: unknown;
  },
  now: number,
): Done {
  const order = book.orders.get(orderId);
  if (!order) return fail('Order not found');
  if (order.status !== 'New') return fail(`Order is ${order.status}`);
  const inst = findInstrument(order.tradableInstrumentId)!;
  if (patch.qty !== undefined) {
    const qty = num(patch.qty);
    const error = checkQty(inst, qty);
    if (error) return fail(error);
    order.qty = qty!;
  }
  for (const key of ['price', 'stopPrice', 'stopLoss', 'takeProfit'] as const) {
    if (patch[key] === undefined) continue;
    const value = num(patch[key]);
    if (Number.isNaN(value)) return fail(`Invalid ${key}`);
    order[key] = value;
  }
  order.lastModified = now;
  return { ok: true };
}

/** Closes qty lots of a position at the market (0 = all) through a filled market order. */
export function closePosition(
  book: AccountBook,
  nextId: () => string,
  positionId: string,
  qtyInput: unknown,
  now: number,
): Done {
  const position = book.positions.get(positionId);
  if (!position) return fail('Position not found');
  const inst = findInstrument(position.tradableInstrumentId)!;
  const requested = num(qtyInput) ?? 0;
  if (Number.isNaN(requested) || requested < 0) return fail('Invalid qty');
  const qty = requested === 0 ? position.qty : roundLots(Math.min(requested, position.qty));
  const quote = quoteAt(inst, now, book.pins);
  if (!quote.open) return fail('Market is closed');
  const order = addOrder(book, nextId, {
    tradableInstrumentId: position.tradableInstrumentId,
    routeId: position.routeId,
    qty,
    side: opposite(position.side),
    type: 'market',
    validity: 'IOC',
    price: null,
    stopPrice: null,
    expireDate: null,
    createdDate: now,
    lastModified: now,
    positionId: position.id,
    closesPosition: true,
    stopLoss: null,
    stopLossType: null,
    takeProfit: null,
    takeProfitType: null,
    strategyId: null,
  });
  fillOrder(book, nextId, order, sidePrice(inst, quote.mid, order.side), now);
  return { ok: true };
}

export function modifyPosition(
  book: AccountBook,
  nextId: () => string,
  positionId: string,
  patch: { stopLoss?: unknown; takeProfit?: unknown },
  now: number,
): Done {
  const position = book.positions.get(positionId);
  if (!position) return fail('Position not found');
  const levels: { stopLoss?: number | null; takeProfit?: number | null } = {};
  for (const key of ['stopLoss', 'takeProfit'] as const) {
    if (patch[key] === undefined) continue;
    const value = num(patch[key]);
    if (Number.isNaN(value)) return fail(`Invalid ${key}`);
    levels[key] = value;
  }
  setProtection(book, nextId, position, levels, now);
  return { ok: true };
}
