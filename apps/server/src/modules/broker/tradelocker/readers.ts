/** Turns TradeLocker answers into the client's types (see parse.ts for the tolerance rules). */
import {
  bool,
  columnIds,
  decimal,
  list,
  num,
  record,
  requireString,
  str,
  time,
  type Row,
} from './parse.ts';
import type {
  BrokerAccount,
  BrokerExecution,
  BrokerInstrument,
  BrokerOrder,
  BrokerPosition,
  BrokerTokens,
  InstrumentDetails,
  TradeConfig,
} from './types.ts';

export function readTokens(body: unknown, now: number): BrokerTokens {
  const b = record(body);
  // platform §5: the answer names its access token any of these ways.
  const accessToken = requireString(b.accessToken ?? b.access_token ?? b.token ?? b.jwt ?? b.access, 'accessToken');
  const refreshToken = requireString(b.refreshToken ?? b.refresh_token, 'refreshToken');
  const expireDate = str(b.expireDate) ?? '';
  const parsed = Date.parse(expireDate);
  // Without a readable expiry assume the documented one-hour lifetime.
  const expiresAt = Number.isNaN(parsed) ? now + 60 * 60_000 : parsed;
  return { accessToken, refreshToken, expireDate: new Date(expiresAt).toISOString(), expiresAt };
}

export function readAccounts(body: unknown): BrokerAccount[] {
  const rows = Array.isArray(body) ? body : list(record(body).accounts);
  return rows.map((raw) => {
    const a = record(raw);
    return {
      id: requireString(a.id, 'account id'),
      name: str(a.name) ?? '',
      currency: str(a.currency) ?? 'USD',
      status: str(a.status) ?? '',
      accNum: requireString(a.accNum, 'accNum'),
      // The reference once spells it aaccountBalance.
      accountBalance: decimal(a.accountBalance ?? a.aaccountBalance),
    };
  });
}

export function readConfig(body: unknown): TradeConfig {
  const d = record(body);
  return {
    columns: {
      positions: columnIds(d, 'positionsConfig'),
      orders: columnIds(d, 'ordersConfig'),
      ordersHistory: columnIds(d, 'ordersHistoryConfig'),
      filledOrders: columnIds(d, 'filledOrdersConfig'),
      accountDetails: columnIds(d, 'accountDetailsConfig'),
    },
    rateLimits: list(d.rateLimits).flatMap((raw) => {
      const r = record(raw);
      const type = str(r.rateLimitType);
      const limit = num(r.limit);
      const intervalNum = num(r.intervalNum);
      return type && limit && intervalNum
        ? [{ rateLimitType: type, measure: str(r.measure) ?? 'SECONDS', intervalNum, limit }]
        : [];
    }),
    limits: list(d.limits),
  };
}

export function readOrder(r: Row): BrokerOrder {
  return {
    id: requireString(r.id, 'order id'),
    tradableInstrumentId: str(r.tradableInstrumentId),
    routeId: str(r.routeId),
    qty: decimal(r.qty),
    side: str(r.side)?.toLowerCase() ?? null,
    type: str(r.type)?.toLowerCase() ?? null,
    status: str(r.status),
    filledQty: decimal(r.filledQty),
    avgPrice: decimal(r.avgPrice),
    price: decimal(r.price),
    stopPrice: decimal(r.stopPrice),
    validity: str(r.validity),
    expireDate: time(r.expireDate),
    createdDate: time(r.createdDate),
    lastModified: time(r.lastModified),
    isOpen: bool(r.isOpen),
    positionId: str(r.positionId),
    stopLoss: decimal(r.stopLoss),
    stopLossType: str(r.stopLossType),
    takeProfit: decimal(r.takeProfit),
    takeProfitType: str(r.takeProfitType),
    strategyId: str(r.strategyId),
    realizedPnl: decimal(r.realizedPnl),
    fee: decimal(r.fee),
    swap: decimal(r.swap),
  };
}

export function readPosition(r: Row): BrokerPosition {
  return {
    id: requireString(r.id, 'position id'),
    tradableInstrumentId: str(r.tradableInstrumentId),
    routeId: str(r.routeId),
    side: str(r.side)?.toLowerCase() ?? null,
    qty: decimal(r.qty),
    avgPrice: decimal(r.avgPrice),
    stopLossId: str(r.stopLossId),
    takeProfitId: str(r.takeProfitId),
    openDate: time(r.openDate),
    unrealizedPl: decimal(r.unrealizedPl),
    strategyId: str(r.strategyId),
  };
}

export function readExecution(r: Row): BrokerExecution {
  return {
    id: requireString(r.id, 'execution id'),
    orderId: str(r.orderId),
    positionId: str(r.positionId),
    tradableInstrumentId: str(r.tradableInstrumentId),
    qty: decimal(r.qty),
    side: str(r.side)?.toLowerCase() ?? null,
    price: decimal(r.price),
    time: time(r.time ?? r.createdDate),
  };
}

export function readInstrument(raw: unknown): BrokerInstrument {
  const i = record(raw);
  const routes = list(i.routes).map(record);
  const route = (type: string) => str(routes.find((r) => str(r.type)?.toUpperCase() === type)?.id);
  return {
    tradableInstrumentId: requireString(i.tradableInstrumentId, 'tradableInstrumentId'),
    id: str(i.id),
    name: str(i.name) ?? '',
    description: str(i.description),
    type: str(i.type),
    tradeRouteId: route('TRADE'),
    infoRouteId: route('INFO'),
  };
}

export function readInstrumentDetails(
  body: unknown,
  tradableInstrumentId: string,
): InstrumentDetails {
  const d = record(body);
  // tickSize comes as a number or as price-range tiers [{tickSize}].
  const tick = Array.isArray(d.tickSize) ? num(record(d.tickSize[0]).tickSize) : num(d.tickSize);
  return {
    tradableInstrumentId: str(d.tradableInstrumentId) ?? tradableInstrumentId,
    name: str(d.name),
    lotSize: num(d.lotSize),
    lotStep: num(d.lotStep),
    minLot: num(d.minLot),
    maxLot: num(d.maxLot),
    tickSize: tick,
    quotingCurrency: str(d.quotingCurrency),
    symbolStatus: str(d.symbolStatus),
    raw: d,
  };
}
