/**
 * The /trade/* endpoints. Each route names its rate-limit bucket; the dispatcher has already
 * authenticated the caller, resolved the account from the accNum header and matched orders.
 */
import type { AccountBook } from './account-book.ts';
import { brokerError, ok, type Reply } from './http-kit.ts';
import {
  INFO_ROUTE_ID,
  INSTRUMENTS,
  TRADE_ROUTE_ID,
  decimalsOf,
  findInstrument,
} from './instruments.ts';
import { isOpenAt, quoteAt } from './market.ts';
import {
  cancelWorkingOrder,
  closePosition,
  modifyPosition,
  modifyWorkingOrder,
  placeOrder,
} from './order-entry.ts';
import { barCountUpperBound, barsAtResolution, isResolution } from './resolutions.ts';
import type { BrokerSimState } from './sim-state.ts';
import {
  MAX_HISTORY_BARS,
  accountDetails,
  executionRow,
  orderRow,
  positionRow,
  tradeConfig,
  type RateLimit,
  type RouteKey,
} from './trade-config.ts';

export interface TradeContext {
  state: BrokerSimState;
  book: AccountBook;
  params: string[];
  query: URLSearchParams;
  body: Record<string, unknown>;
  rateLimits: RateLimit[];
  historyPageSize: number;
}

export interface TradeRoute {
  method: string;
  pattern: RegExp;
  key: RouteKey;
  handle(ctx: TradeContext): Reply;
}

const id = '([^/]+)';
const acc = (rest: string) => new RegExp(`^/trade/accounts/${id}${rest}$`);

function numberParam(query: URLSearchParams, name: string): number | null {
  const raw = query.get(name);
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : NaN;
}

function instrumentRoute(ctx: TradeContext) {
  const inst = findInstrument(ctx.query.get('tradableInstrumentId') ?? ctx.params[0] ?? '');
  const routeId = ctx.query.get('routeId');
  if (!inst) return { error: brokerError(404, 'Instrument not found') };
  if (routeId !== null && routeId !== INFO_ROUTE_ID && routeId !== TRADE_ROUTE_ID) {
    return { error: brokerError(400, 'Unknown routeId') };
  }
  return { inst };
}

function listInstruments(): Reply {
  return ok({
    instruments: INSTRUMENTS.map((i) => ({
      tradableInstrumentId: i.tradableInstrumentId,
      id: i.id,
      name: i.name,
      description: i.description,
      type: i.type,
      tradingExchange: 'SIM',
      marketDataExchange: 'SIM',
      country: null,
      logoUrl: null,
      localizedName: i.name,
      routes: [
        { id: TRADE_ROUTE_ID, type: 'TRADE' },
        { id: INFO_ROUTE_ID, type: 'INFO' },
      ],
      barSource: 'BID',
      hasIntraday: true,
      hasDaily: true,
    })),
  });
}

function instrumentDetails(ctx: TradeContext): Reply {
  const { inst, error } = instrumentRoute(ctx);
  if (!inst) return error!;
  const now = ctx.state.now();
  return ok({
    tradableInstrumentId: inst.tradableInstrumentId,
    id: inst.id,
    name: inst.name,
    description: inst.description,
    type: inst.type,
    lotSize: inst.contractSize,
    lotStep: inst.lotStep,
    minLot: inst.minLot,
    maxLot: inst.maxLot,
    tickSize: [{ leftRangeLimit: null, rightRangeLimit: null, tickSize: inst.tickSize }],
    pipSize: inst.tickSize,
    pricePrecision: decimalsOf(inst.tickSize),
    quotingCurrency: inst.quotingCurrency,
    baseCurrency: inst.name.endsWith('USD') ? inst.name.slice(0, -3) : null,
    marginRate: 0.05,
    commissionPerLot: inst.commissionPerLot,
    symbolStatus: isOpenAt(inst, now) ? 'FULLY_OPEN' : 'CLOSED',
    tradingExchange: 'SIM',
    marketDataExchange: 'SIM',
  });
}

function quotes(ctx: TradeContext): Reply {
  const { inst, error } = instrumentRoute(ctx);
  if (!inst) return error!;
  const q = quoteAt(inst, ctx.state.now(), ctx.state.pins);
  return ok({ ap: q.ask, bp: q.bid, as: 100, bs: 100 });
}

function history(ctx: TradeContext): Reply {
  const { inst, error } = instrumentRoute(ctx);
  if (!inst) return error!;
  const resolution = ctx.query.get('resolution') ?? '1m';
  const from = numberParam(ctx.query, 'from');
  const to = numberParam(ctx.query, 'to');
  if (!isResolution(resolution)) return brokerError(400, `Unsupported resolution ${resolution}`);
  if (from === null || to === null || Number.isNaN(from) || Number.isNaN(to) || to < from) {
    return brokerError(400, 'from and to (ms) are required');
  }
  if (barCountUpperBound(resolution, from, to) > MAX_HISTORY_BARS) {
    return brokerError(400, `Too many bars requested (max ${MAX_HISTORY_BARS})`);
  }
  // The market has no future: bars stop at the simulator's clock.
  const bars = barsAtResolution(inst, resolution, from, Math.min(to, ctx.state.now()));
  if (bars.length === 0) return { status: 200, body: { s: 'no_data' } };
  return ok({ barDetails: bars });
}

function ordersHistory(ctx: TradeContext): Reply {
  const from = numberParam(ctx.query, 'from') ?? 0;
  const to = numberParam(ctx.query, 'to') ?? Number.MAX_SAFE_INTEGER;
  if (Number.isNaN(from) || Number.isNaN(to)) return brokerError(400, 'from and to must be ms');
  const instrument = ctx.query.get('tradableInstrumentId');
  const rows = [...ctx.book.orders.values()]
    .filter(
      (o) =>
        o.status !== 'New' &&
        o.lastModified >= from &&
        o.lastModified <= to &&
        (!instrument || o.tradableInstrumentId === instrument),
    )
    .sort((a, b) => a.lastModified - b.lastModified || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  const page = rows.slice(0, ctx.historyPageSize);
  return ok({
    ordersHistory: page.map((o) => orderRow(o, true)),
    hasMore: rows.length > page.length,
  });
}

const body = (ctx: TradeContext) => ctx.body;
const done = (result: { ok: true } | { ok: false; errmsg: string }): Reply =>
  result.ok ? ok({}) : brokerError(400, result.errmsg);

export const TRADE_ROUTES: TradeRoute[] = [
  {
    method: 'GET',
    pattern: /^\/trade\/config$/,
    key: 'CONFIG',
    handle: (ctx) => ok(tradeConfig(ctx.rateLimits)),
  },
  {
    method: 'GET',
    pattern: acc('/state'),
    key: 'ACCOUNT_STATE',
    handle: (ctx) => ok({ accountDetailsData: accountDetails(ctx.book, ctx.state.now()) }),
  },
  { method: 'GET', pattern: acc('/instruments'), key: 'INSTRUMENTS', handle: listInstruments },
  {
    method: 'GET',
    pattern: new RegExp(`^/trade/instruments/${id}$`),
    key: 'INSTRUMENT_DETAILS',
    handle: instrumentDetails,
  },
  { method: 'GET', pattern: /^\/trade\/quotes$/, key: 'QUOTES', handle: quotes },
  { method: 'GET', pattern: /^\/trade\/history$/, key: 'QUOTES_HISTORY', handle: history },
  {
    method: 'GET',
    pattern: acc('/orders'),
    key: 'ORDERS',
    handle: (ctx) =>
      ok({
        orders: [...ctx.book.orders.values()]
          .filter((o) => o.status === 'New')
          .map((o) => orderRow(o, false)),
      }),
  },
  {
    method: 'GET',
    pattern: acc('/positions'),
    key: 'POSITIONS',
    handle: (ctx) =>
      ok({
        positions: [...ctx.book.positions.values()].map((p) => positionRow(p, ctx.state.now(), ctx.book.pins)),
      }),
  },
  {
    method: 'GET',
    pattern: acc('/executions'),
    key: 'EXECUTIONS',
    handle: (ctx) => ok({ executions: ctx.book.executions.map(executionRow) }),
  },
  { method: 'GET', pattern: acc('/ordersHistory'), key: 'ORDERS_HISTORY', handle: ordersHistory },
  {
    method: 'POST',
    pattern: acc('/orders'),
    key: 'PLACE_ORDER',
    handle: (ctx) => {
      const result = placeOrder(ctx.book, ctx.state.nextId, body(ctx), ctx.state.now());
      return result.ok ? ok({ orderId: result.orderId }) : brokerError(400, result.errmsg);
    },
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/trade/orders/${id}$`),
    key: 'CANCEL_ORDER',
    handle: (ctx) => done(cancelWorkingOrder(ctx.book, ctx.params[0]!, ctx.state.now())),
  },
  {
    method: 'PATCH',
    pattern: new RegExp(`^/trade/orders/${id}$`),
    key: 'MODIFY_ORDER',
    handle: (ctx) => done(modifyWorkingOrder(ctx.book, ctx.params[0]!, body(ctx), ctx.state.now())),
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^/trade/positions/${id}$`),
    key: 'CLOSE_POSITION',
    handle: (ctx) =>
      done(
        closePosition(
          ctx.book,
          ctx.state.nextId,
          ctx.params[0]!,
          ctx.body.qty ?? ctx.query.get('qty'),
          ctx.state.now(),
        ),
      ),
  },
  {
    method: 'PATCH',
    pattern: new RegExp(`^/trade/positions/${id}$`),
    key: 'MODIFY_POSITION',
    handle: (ctx) =>
      done(modifyPosition(ctx.book, ctx.state.nextId, ctx.params[0]!, body(ctx), ctx.state.now())),
  },
];
