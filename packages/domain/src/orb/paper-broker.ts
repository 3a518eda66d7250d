// A simulated broker: turns the engine's order actions plus closed 1-minute bars into the
// order_update / position_closed events a real broker would send. The backtester uses it over
// history; the live runner's test_mode can use it over live bars. State is plain JSON so a
// paper run survives a restart like a live one.
import { MONEY_DECIMALS, PRICE_DECIMALS, roundHalfUp } from '../money.ts';
import type { Bar, OrbAction, OrbEvent, OrderType, Side } from './types.ts';

export interface FillModel {
  /** Round-turn commission per lot, money. */
  commissionPerLot: number;
  /** Adverse points on market entries and market closes (session close, hard stop). */
  entrySlippage: number;
  /** Adverse points on stop exits, which are market orders once triggered. */
  stopSlippage: number;
}

export const DEFAULT_FILL_MODEL: FillModel = {
  commissionPerLot: 0,
  entrySlippage: 0,
  stopSlippage: 0,
};

/** The fill model in words, for the backtest page. */
export const FILL_MODEL_DESCRIPTION =
  'Entries fill at the open of the bar after the breakout bar (market orders, plus entry slippage), ' +
  'or at the limit price when a later bar touches it (at the open if the bar opens through it). ' +
  'When one bar touches both the stop and the target, the stop is assumed to fill first. ' +
  'A stop the market gaps through fills at the bar open, not at the stop price; a target gapped ' +
  'through fills at the open. On the bar a limit entry fills, only the stop is checked. ' +
  'Stop exits pay the stop slippage; session-close and manual exits are market orders at the ' +
  'last close and pay the entry slippage. Commission is charged per lot per round turn. ' +
  'Open positions are closed at the session close.';

interface PaperOrder {
  clientOrderId: string;
  side: Side;
  orderType: OrderType;
  qty: number;
  price: number | null;
  stopLoss: number;
  takeProfit: number;
  /** Start of the first bar allowed to fill it: orders placed at a bar close fill from the next bar. */
  eligibleFrom: number;
}

interface PaperPosition {
  clientOrderId: string;
  side: Side;
  qty: number;
  entryPrice: number;
  stopLoss: number;
  takeProfit: number;
}

export interface PaperBrokerState {
  orders: PaperOrder[];
  positions: PaperPosition[];
  /** Last traded price (bar close) and quote, used for market closes. */
  lastPrice: number | null;
  bid: number | null;
  ask: number | null;
}

export interface PaperResult {
  state: PaperBrokerState;
  events: OrbEvent[];
}

export function createPaperBroker(): PaperBrokerState {
  return { orders: [], positions: [], lastPrice: null, bid: null, ask: null };
}

export function paperIsFlat(s: PaperBrokerState): boolean {
  return s.orders.length === 0 && s.positions.length === 0;
}

export function paperOnQuote(s: PaperBrokerState, bid: number, ask: number): PaperBrokerState {
  return { ...s, bid, ask };
}

/** Applies one engine action at instant `at`. Log and trade actions are not the broker's. */
export function paperSubmit(
  s: PaperBrokerState,
  action: OrbAction,
  at: number,
  model: FillModel,
): PaperResult {
  if (action.type === 'place_order') {
    if (s.orders.some((o) => o.clientOrderId === action.clientOrderId))
      return { state: s, events: [] };
    const order: PaperOrder = {
      clientOrderId: action.clientOrderId,
      side: action.side,
      orderType: action.orderType,
      qty: action.qty,
      price: action.price ?? null,
      stopLoss: action.stopLoss,
      takeProfit: action.takeProfit,
      eligibleFrom: at,
    };
    return {
      state: { ...s, orders: [...s.orders, order] },
      events: [
        { type: 'order_update', clientOrderId: action.clientOrderId, status: 'accepted', at },
      ],
    };
  }
  if (action.type === 'cancel_order') {
    if (!s.orders.some((o) => o.clientOrderId === action.clientOrderId))
      return { state: s, events: [] };
    return {
      state: { ...s, orders: s.orders.filter((o) => o.clientOrderId !== action.clientOrderId) },
      events: [
        { type: 'order_update', clientOrderId: action.clientOrderId, status: 'cancelled', at },
      ],
    };
  }
  if (action.type === 'close_position') {
    const position = s.positions.find((p) => p.clientOrderId === action.clientOrderId);
    if (position === undefined) return { state: s, events: [] };
    const long = position.side === 'buy';
    const market = (long ? s.bid : s.ask) ?? s.lastPrice ?? position.entryPrice;
    const exitPrice = roundHalfUp(
      long ? market - model.entrySlippage : market + model.entrySlippage,
      PRICE_DECIMALS,
    );
    return {
      state: { ...s, positions: s.positions.filter((p) => p !== position) },
      events: [
        closedEvent(
          position,
          exitPrice,
          action.reason === 'flatten' ? 'flatten' : 'manual',
          at,
          model,
        ),
      ],
    };
  }
  return { state: s, events: [] };
}

function closedEvent(
  p: PaperPosition,
  exitPrice: number,
  reason: 'stop' | 'target' | 'flatten' | 'manual',
  at: number,
  model: FillModel,
): OrbEvent {
  return {
    type: 'position_closed',
    clientOrderId: p.clientOrderId,
    exitPrice,
    reason,
    fee: roundHalfUp(model.commissionPerLot * p.qty, MONEY_DECIMALS),
    at,
  };
}

/**
 * Fills and exits within one closed bar. Entries first (they may open at the bar's open), then
 * exits: stop before target whenever the bar touches both, because the order inside a bar is
 * unknown and the pessimistic reading is the honest one.
 */
export function paperOnBar(s: PaperBrokerState, bar: Bar, model: FillModel): PaperResult {
  const events: OrbEvent[] = [];
  const orders: PaperOrder[] = [];
  const positions: PaperPosition[] = [];
  const checkOnly: PaperPosition[] = [];

  for (const order of s.orders) {
    const fill = bar.t >= order.eligibleFrom ? fillPrice(order, bar, model) : null;
    if (fill === null) {
      orders.push(order);
      continue;
    }
    events.push({
      type: 'order_update',
      clientOrderId: order.clientOrderId,
      status: 'filled',
      fillPrice: fill.price,
      filledQty: order.qty,
      at: bar.t,
    });
    const position: PaperPosition = {
      clientOrderId: order.clientOrderId,
      side: order.side,
      qty: order.qty,
      entryPrice: fill.price,
      stopLoss: order.stopLoss,
      takeProfit: order.takeProfit,
    };
    // A limit filled inside the bar: whether the target came after the fill is unknown.
    if (fill.atOpen) positions.push(position);
    else checkOnly.push(position);
  }

  const open: PaperPosition[] = [];
  for (const p of [...s.positions, ...positions]) {
    const exit = exitOf(p, bar, model, true);
    if (exit === null) open.push(p);
    else events.push(closedEvent(p, exit.price, exit.reason, bar.t, model));
  }
  for (const p of checkOnly) {
    const exit = exitOf(p, bar, model, false);
    if (exit === null) open.push(p);
    else events.push(closedEvent(p, exit.price, exit.reason, bar.t, model));
  }
  return { state: { ...s, orders, positions: open, lastPrice: bar.c }, events };
}

function fillPrice(
  order: PaperOrder,
  bar: Bar,
  model: FillModel,
): { price: number; atOpen: boolean } | null {
  const buy = order.side === 'buy';
  if (order.orderType === 'market' || order.price === null) {
    return {
      price: roundHalfUp(buy ? bar.o + model.entrySlippage : bar.o - model.entrySlippage, PRICE_DECIMALS),
      atOpen: true,
    };
  }
  const limit = order.price;
  if (buy) {
    if (bar.o <= limit) return { price: bar.o, atOpen: true };
    return bar.l <= limit ? { price: limit, atOpen: false } : null;
  }
  if (bar.o >= limit) return { price: bar.o, atOpen: true };
  return bar.h >= limit ? { price: limit, atOpen: false } : null;
}

function exitOf(
  p: PaperPosition,
  bar: Bar,
  model: FillModel,
  checkTarget: boolean,
): { price: number; reason: 'stop' | 'target' } | null {
  if (p.side === 'buy') {
    if (bar.o <= p.stopLoss)
      return { price: roundHalfUp(bar.o - model.stopSlippage, PRICE_DECIMALS), reason: 'stop' };
    if (bar.l <= p.stopLoss)
      return { price: roundHalfUp(p.stopLoss - model.stopSlippage, PRICE_DECIMALS), reason: 'stop' };
    if (!checkTarget) return null;
    if (bar.o >= p.takeProfit) return { price: bar.o, reason: 'target' };
    if (bar.h >= p.takeProfit) return { price: p.takeProfit, reason: 'target' };
    return null;
  }
  if (bar.o >= p.stopLoss) return { price: roundHalfUp(bar.o + model.stopSlippage, PRICE_DECIMALS), reason: 'stop' };
  if (bar.h >= p.stopLoss)
    return { price: roundHalfUp(p.stopLoss + model.stopSlippage, PRICE_DECIMALS), reason: 'stop' };
  if (!checkTarget) return null;
  if (bar.o <= p.takeProfit) return { price: bar.o, reason: 'target' };
  if (bar.l <= p.takeProfit) return { price: p.takeProfit, reason: 'target' };
  return null;
}
