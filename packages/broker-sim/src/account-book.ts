/**
 * One broker account's book: orders, positions, executions and cash, and the two things that
 * change them: a fill that opens a position and a fill that closes (part of) one. Money is
 * kept in integer cents so balances never drift by float rounding.
 */
import type { SimAccountFixture } from './fixture.ts';
import { USD_PER, findInstrument, roundToTick, type SimInstrument } from './instruments.ts';
import type { PricePins } from './market.ts';
import { rolloversBetween } from './trading-hours.ts';

export type Side = 'buy' | 'sell';
export type OrderType = 'market' | 'limit' | 'stop';
export type OrderStatus = 'New' | 'Filled' | 'Cancelled' | 'Rejected';
export type ProtectionType = 'absolute' | 'offset' | 'trailingOffset';

export interface SimOrder {
  id: string;
  tradableInstrumentId: string;
  routeId: string;
  qty: number;
  side: Side;
  type: OrderType;
  status: OrderStatus;
  filledQty: number;
  avgPrice: number | null;
  price: number | null;
  stopPrice: number | null;
  validity: 'GTC' | 'IOC';
  expireDate: number | null;
  createdDate: number;
  lastModified: number;
  /** For an entry order the position it opened; for a closing order the position it closes. */
  positionId: string | null;
  closesPosition: boolean;
  stopLoss: number | null;
  stopLossType: ProtectionType | null;
  takeProfit: number | null;
  takeProfitType: ProtectionType | null;
  strategyId: string | null;
  realizedPnlCents: number;
  feeCents: number;
  swapCents: number;
}

export interface SimPosition {
  id: string;
  tradableInstrumentId: string;
  routeId: string;
  side: Side;
  qty: number;
  avgPrice: number;
  openDate: number;
  stopLossId: string | null;
  takeProfitId: string | null;
  strategyId: string | null;
}

export interface SimExecution {
  id: string;
  orderId: string;
  positionId: string;
  tradableInstrumentId: string;
  routeId: string;
  qty: number;
  side: Side;
  price: number;
  time: number;
}

export interface AccountBook {
  fixture: SimAccountFixture;
  ownerEmail: string;
  balanceCents: number;
  orders: Map<string, SimOrder>;
  positions: Map<string, SimPosition>;
  executions: SimExecution[];
  /** strategyId → order id: placing the same strategyId again returns the first order. */
  strategyIds: Map<string, string>;
  /** Sim time up to which working orders have been matched against the market. */
  lastEvaluated: number;
  /** The simulator's pinned prices (shared by every book), see `PricePins`. */
  pins?: PricePins;
}

export function createAccountBook(
  fixture: SimAccountFixture,
  ownerEmail: string,
  now: number,
  pins?: PricePins,
): AccountBook {
  return {
    ...(pins && { pins }),
    fixture,
    ownerEmail,
    balanceCents: Math.round(Number(fixture.balance) * 100),
    orders: new Map(),
    positions: new Map(),
    executions: [],
    strategyIds: new Map(),
    lastEvaluated: now,
  };
}

export function opposite(side: Side): Side {
  return side === 'buy' ? 'sell' : 'buy';
}

export function roundLots(qty: number): number {
  return Math.round(qty * 100) / 100;
}

export function cents(amount: number): number {
  return Math.round(amount * 100);
}

function instrumentFor(order: { tradableInstrumentId: string }): SimInstrument {
  const inst = findInstrument(order.tradableInstrumentId);
  if (!inst) throw new Error(`Unknown instrument ${order.tradableInstrumentId}`);
  return inst;
}

/** Turns an absolute or offset stop-loss / take-profit into a price for an entry fill. */
export function protectionPrice(
  inst: SimInstrument,
  side: Side,
  entry: number,
  value: number | null,
  type: ProtectionType | null,
  kind: 'stopLoss' | 'takeProfit',
): number | null {
  if (value === null) return null;
  if (type === null || type === 'absolute') return value;
  // Offsets are distances from the fill; a trailing offset is simulated as a fixed one.
  const towardLoss = (side === 'buy') === (kind === 'stopLoss') ? -1 : 1;
  return roundToTick(inst, entry + towardLoss * value);
}

type NewOrder = Omit<
  SimOrder,
  'id' | 'status' | 'filledQty' | 'avgPrice' | 'realizedPnlCents' | 'feeCents' | 'swapCents'
>;

export function addOrder(book: AccountBook, nextId: () => string, input: NewOrder): SimOrder {
  const order: SimOrder = {
    ...input,
    id: nextId(),
    status: 'New',
    filledQty: 0,
    avgPrice: null,
    realizedPnlCents: 0,
    feeCents: 0,
    swapCents: 0,
  };
  book.orders.set(order.id, order);
  return order;
}

/** Places (or replaces) the stop-loss and take-profit orders that protect a position. */
export function setProtection(
  book: AccountBook,
  nextId: () => string,
  position: SimPosition,
  levels: { stopLoss?: number | null; takeProfit?: number | null },
  time: number,
): void {
  for (const kind of ['stopLoss', 'takeProfit'] as const) {
    const level = levels[kind];
    if (level === undefined) continue;
    const idKey = kind === 'stopLoss' ? 'stopLossId' : 'takeProfitId';
    const existing = position[idKey] ? book.orders.get(position[idKey]) : undefined;
    if (existing && existing.status === 'New') {
      if (level === null) cancelOrder(existing, time);
      else {
        if (kind === 'stopLoss') existing.stopPrice = level;
        else existing.price = level;
        existing.lastModified = time;
        continue;
      }
    }
    position[idKey] = null;
    if (level === null) continue;
    const order = addOrder(book, nextId, {
      tradableInstrumentId: position.tradableInstrumentId,
      routeId: position.routeId,
      qty: position.qty,
      side: opposite(position.side),
      type: kind === 'stopLoss' ? 'stop' : 'limit',
      price: kind === 'takeProfit' ? level : null,
      stopPrice: kind === 'stopLoss' ? level : null,
      validity: 'GTC',
      expireDate: null,
      createdDate: time,
      lastModified: time,
      positionId: position.id,
      closesPosition: true,
      stopLoss: null,
      stopLossType: null,
      takeProfit: null,
      takeProfitType: null,
      strategyId: null,
    });
    position[idKey] = order.id;
  }
}

export function cancelOrder(order: SimOrder, time: number): void {
  order.status = 'Cancelled';
  order.lastModified = time;
}

/** Fills a working order at a price: opens a new position or closes against its position. */
export function fillOrder(
  book: AccountBook,
  nextId: () => string,
  order: SimOrder,
  price: number,
  time: number,
): void {
  const inst = instrumentFor(order);
  if (order.closesPosition) return fillClosing(book, nextId, order, inst, price, time);

  const position: SimPosition = {
    id: nextId(),
    tradableInstrumentId: order.tradableInstrumentId,
    routeId: order.routeId,
    side: order.side,
    qty: order.qty,
    avgPrice: price,
    openDate: time,
    stopLossId: null,
    takeProfitId: null,
    strategyId: order.strategyId,
  };
  book.positions.set(position.id, position);
  markFilled(order, order.qty, price, time, position.id);
  order.feeCents = cents(inst.commissionPerLot * order.qty);
  book.balanceCents -= order.feeCents;
  recordExecution(book, nextId, order, position.id, order.qty, price, time);
  setProtection(
    book,
    nextId,
    position,
    {
      stopLoss: protectionPrice(
        inst,
        order.side,
        price,
        order.stopLoss,
        order.stopLossType,
        'stopLoss',
      ),
      takeProfit: protectionPrice(
        inst,
        order.side,
        price,
        order.takeProfit,
        order.takeProfitType,
        'takeProfit',
      ),
    },
    time,
  );
}

function fillClosing(
  book: AccountBook,
  nextId: () => string,
  order: SimOrder,
  inst: SimInstrument,
  price: number,
  time: number,
): void {
  const position = order.positionId ? book.positions.get(order.positionId) : undefined;
  if (!position) return cancelOrder(order, time);
  const qty = Math.min(order.qty, position.qty);
  const direction = position.side === 'buy' ? 1 : -1;
  const usd = USD_PER[inst.quotingCurrency];
  const swapRate = position.side === 'buy' ? inst.swapLongPerLot : inst.swapShortPerLot;

  markFilled(order, qty, price, time, position.id);
  order.realizedPnlCents = cents(
    (price - position.avgPrice) * direction * qty * inst.contractSize * usd,
  );
  order.feeCents = cents(inst.commissionPerLot * qty);
  order.swapCents = cents(rolloversBetween(position.openDate, time) * swapRate * qty);
  book.balanceCents += order.realizedPnlCents - order.feeCents + order.swapCents;
  recordExecution(book, nextId, order, position.id, qty, price, time);

  position.qty = roundLots(position.qty - qty);
  for (const idKey of ['stopLossId', 'takeProfitId'] as const) {
    const protective = position[idKey] ? book.orders.get(position[idKey]) : undefined;
    if (!protective) continue;
    if (protective.id === order.id) position[idKey] = null;
    else if (position.qty <= 0 && protective.status === 'New') cancelOrder(protective, time);
    else protective.qty = position.qty;
  }
  if (position.qty <= 0) book.positions.delete(position.id);
}

function markFilled(order: SimOrder, qty: number, price: number, time: number, positionId: string) {
  order.status = 'Filled';
  order.filledQty = qty;
  order.avgPrice = price;
  order.lastModified = time;
  order.positionId = positionId;
}

function recordExecution(
  book: AccountBook,
  nextId: () => string,
  order: SimOrder,
  positionId: string,
  qty: number,
  price: number,
  time: number,
) {
  book.executions.push({
    id: nextId(),
    orderId: order.id,
    positionId,
    tradableInstrumentId: order.tradableInstrumentId,
    routeId: order.routeId,
    qty,
    side: order.side,
    price,
    time,
  });
}
