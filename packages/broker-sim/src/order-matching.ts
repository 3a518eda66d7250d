/**
 * Matches working orders (limit, stop, and the stop-loss / take-profit orders on positions)
 * against the simulated price path between the last evaluation and now. Buy orders trade on
 * the ask and sell orders on the bid; within a stretch of path the earliest trigger fills
 * first, so an entry and its stop-loss in the same minute happen in the right order.
 */
import { fillOrder, type AccountBook, type Side, type SimOrder } from './account-book.ts';
import { findInstrument, roundToTick, type SimInstrument } from './instruments.ts';
import { halfSpread, isOpenAt, minutePath } from './market.ts';

const MINUTE = 60_000;

/** Bid or ask for a mid price, with the same rounding quotes use. */
export function sidePrice(inst: SimInstrument, mid: number, side: Side): number {
  const bid = roundToTick(inst, mid - halfSpread(inst));
  return side === 'sell' ? bid : roundToTick(inst, bid + inst.spreadTicks * inst.tickSize);
}

/** The level that triggers a working order, and whether price must rise to it. */
function triggerOf(order: SimOrder): { level: number; rising: boolean } | null {
  const level = order.type === 'limit' ? order.price : order.stopPrice;
  if (level === null) return null;
  const rising = (order.side === 'buy') === (order.type === 'stop');
  return { level, rising };
}

interface Touch {
  order: SimOrder;
  time: number;
  price: number;
}

/** Where along a straight piece of mid path (a→b) an order triggers, if it does. */
function touchOn(
  inst: SimInstrument,
  order: SimOrder,
  a: { t: number; mid: number },
  b: { t: number; mid: number },
): Touch | null {
  const trigger = triggerOf(order);
  if (!trigger) return null;
  const start = order.createdDate > a.t ? order.createdDate : a.t;
  if (start > b.t) return null;
  const midAtStart = a.mid + ((b.mid - a.mid) * (start - a.t)) / Math.max(1, b.t - a.t);
  const p0 = sidePrice(inst, midAtStart, order.side);
  const p1 = sidePrice(inst, b.mid, order.side);
  const { level, rising } = trigger;
  const reached = (p: number) => (rising ? p >= level : p <= level);
  // Already through the level (a gap or a marketable order): fill at the first price seen.
  if (reached(p0)) return { order, time: start, price: p0 };
  if (!reached(p1)) return null;
  const time = Math.round(start + ((level - p0) / (p1 - p0)) * (b.t - start));
  return { order, time, price: roundToTick(inst, level) };
}

function workingOrders(book: AccountBook, instrumentId: string): SimOrder[] {
  const out: SimOrder[] = [];
  for (const order of book.orders.values()) {
    if (order.status === 'New' && order.tradableInstrumentId === instrumentId) out.push(order);
  }
  return out;
}

/** Fills everything the market touched in (book.lastEvaluated, now]. */
export function matchOrders(book: AccountBook, nextId: () => string, now: number): void {
  const from = book.lastEvaluated;
  if (now < from) return;
  const instrumentIds = new Set<string>();
  for (const order of book.orders.values()) {
    if (order.status === 'New') instrumentIds.add(order.tradableInstrumentId);
  }
  for (const instrumentId of instrumentIds) {
    const inst = findInstrument(instrumentId);
    // A pinned instrument does not follow its path: matchPinned fills at the pinned price.
    if (inst && !book.pins?.has(instrumentId)) matchInstrument(book, nextId, inst, from, now);
  }
  book.lastEvaluated = now;
}

/**
 * Fills the working orders of pinned instruments that the pinned price has reached (a stop
 * loss the move jumped over fills at the pinned price, as after a gap). Needs the market open.
 */
export function matchPinned(book: AccountBook, nextId: () => string, now: number): void {
  if (!book.pins || book.pins.size === 0) return;
  for (const [instrumentId, mid] of book.pins) {
    const inst = findInstrument(instrumentId);
    if (!inst || !isOpenAt(inst, now)) continue;
    const at = { t: now, mid };
    matchPiece(book, nextId, inst, at, at);
  }
}

function matchInstrument(
  book: AccountBook,
  nextId: () => string,
  inst: SimInstrument,
  from: number,
  to: number,
): void {
  for (let minute = Math.floor(from / MINUTE); minute * MINUTE <= to; minute++) {
    if (!isOpenAt(inst, minute * MINUTE)) continue;
    const path = minutePath(inst, minute);
    for (let i = 1; i < path.length; i++) {
      const [t0, p0] = path[i - 1]!;
      const [t1, p1] = path[i]!;
      const a = Math.max(t0, from);
      const b = Math.min(t1, to);
      if (a > b) continue;
      const at = (t: number) => p0 + ((p1 - p0) * (t - t0)) / (t1 - t0);
      matchPiece(book, nextId, inst, { t: a, mid: at(a) }, { t: b, mid: at(b) });
    }
    if (workingOrders(book, inst.tradableInstrumentId).length === 0) return;
  }
}

/** Repeatedly fills the earliest touch on this piece; fills may create or cancel orders. */
function matchPiece(
  book: AccountBook,
  nextId: () => string,
  inst: SimInstrument,
  a: { t: number; mid: number },
  b: { t: number; mid: number },
): void {
  for (let guard = 0; guard < 1_000; guard++) {
    let first: Touch | null = null;
    for (const order of workingOrders(book, inst.tradableInstrumentId)) {
      const touch = touchOn(inst, order, a, b);
      if (touch && (!first || touch.time < first.time)) first = touch;
    }
    if (!first) return;
    fillOrder(book, nextId, first.order, first.price, first.time);
  }
}
