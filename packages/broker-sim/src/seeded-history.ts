/**
 * Pre-generated trading history: N closed round trips on an account over a date range, made
 * with the same fill logic as live orders at the market's own prices, so the journal, the sync
 * benchmark and the demo data see P&L that agrees with the bars.
 */
import {
  addOrder,
  cancelOrder,
  fillOrder,
  opposite,
  type AccountBook,
  type OrderType,
  type Side,
} from './account-book.ts';
import {
  INSTRUMENTS,
  TRADE_ROUTE_ID,
  USD_PER,
  roundToTick,
  type SimInstrument,
} from './instruments.ts';
import { isOpenAt, midAt } from './market.ts';
import { sidePrice } from './order-matching.ts';

export interface SeedHistory {
  accountId: string;
  /** Closed positions to create. */
  count: number;
  from: number;
  to: number;
  /** Changes the sequence; the same seed always produces the same history. */
  seed?: number;
}

const MINUTE = 60_000;

/** mulberry32: a tiny seeded PRNG, enough for reproducible fake trading. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function seedFromId(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** First instant at or after ms when the instrument trades (searching at most a week). */
function nextOpen(inst: SimInstrument, ms: number): number | null {
  for (let t = ms, n = 0; n < 7 * 1_440; t += MINUTE, n++) if (isOpenAt(inst, t)) return t;
  return null;
}

export function seedHistory(book: AccountBook, nextId: () => string, options: SeedHistory): void {
  const random = seededRandom(options.seed ?? seedFromId(options.accountId));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const span = Math.max(1, options.to - options.from);
  const starts = Array.from(
    { length: options.count },
    () => options.from + Math.floor(random() * span),
  );
  starts.sort((a, b) => a - b);

  for (const start of starts) {
    const inst = pick(INSTRUMENTS);
    const entryTime = nextOpen(inst, start);
    if (entryTime === null || entryTime > options.to) continue;
    let exitTime = Math.min(entryTime + Math.floor((1 + random() * 239) * MINUTE), options.to);
    while (exitTime > entryTime && !isOpenAt(inst, exitTime)) exitTime -= MINUTE;
    if (exitTime <= entryTime) exitTime = entryTime + 1_000;

    // A modest edge (65 % of trades on the side the market then took) makes the demo
    // trader look like a real, slightly profitable member rather than a coin flip.
    const rising = midAt(inst, exitTime) >= midAt(inst, entryTime);
    const side: Side = random() < 0.65 === rising ? 'buy' : 'sell';
    const notional = 10_000 + random() * 40_000;
    const lotValue = inst.basePrice * inst.contractSize * USD_PER[inst.quotingCurrency];
    const qty = Math.max(inst.minLot, Math.round((notional / lotValue) * 100) / 100);
    const entry = sidePrice(inst, midAt(inst, entryTime), side);
    const exit = sidePrice(inst, midAt(inst, exitTime), opposite(side));
    const risk = inst.basePrice * inst.dailyVol * 0.5;
    const direction = side === 'buy' ? 1 : -1;
    const protect = random() < 0.4;
    const base = {
      tradableInstrumentId: inst.tradableInstrumentId,
      routeId: TRADE_ROUTE_ID,
      qty,
      validity: 'GTC' as const,
      expireDate: null,
      stopLossType: null,
      takeProfitType: null,
      stopLoss: null,
      takeProfit: null,
      strategyId: null,
    };
    const entryType: OrderType = random() < 0.6 ? 'market' : 'limit';
    const entryOrder = addOrder(book, nextId, {
      ...base,
      side,
      type: entryType,
      validity: entryType === 'market' ? 'IOC' : 'GTC',
      price: entryType === 'limit' ? entry : null,
      stopPrice: null,
      createdDate: entryTime - (entryType === 'limit' ? Math.floor(random() * 30) * MINUTE : 0),
      lastModified: entryTime,
      positionId: null,
      closesPosition: false,
      ...(protect
        ? {
            stopLoss: roundToTick(inst, entry - direction * risk),
            stopLossType: 'absolute' as const,
            takeProfit: roundToTick(inst, entry + direction * risk * 1.5),
            takeProfitType: 'absolute' as const,
          }
        : {}),
    });
    fillOrder(book, nextId, entryOrder, entry, entryTime);

    const exitType: OrderType = random() < 0.7 ? 'market' : pick(['limit', 'stop'] as const);
    const exitOrder = addOrder(book, nextId, {
      ...base,
      side: opposite(side),
      type: exitType,
      validity: exitType === 'market' ? 'IOC' : 'GTC',
      price: exitType === 'limit' ? exit : null,
      stopPrice: exitType === 'stop' ? exit : null,
      createdDate: exitTime,
      lastModified: exitTime,
      positionId: entryOrder.positionId,
      closesPosition: true,
    });
    fillOrder(book, nextId, exitOrder, exit, exitTime);

    if (random() < 0.05) {
      // Now and then a limit order that never filled, as real histories have.
      const stale = addOrder(book, nextId, {
        ...base,
        side,
        type: 'limit',
        price: roundToTick(inst, entry - direction * risk),
        stopPrice: null,
        createdDate: entryTime,
        lastModified: entryTime,
        positionId: null,
        closesPosition: false,
      });
      cancelOrder(stale, exitTime);
    }
  }
}
