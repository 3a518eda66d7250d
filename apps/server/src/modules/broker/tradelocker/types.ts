/** What the TradeLocker client returns, already parsed. Ids stay strings; decimals stay strings. */

export interface BrokerTokens {
  accessToken: string;
  refreshToken: string;
  /** ISO date the access token expires, as the broker sent it. */
  expireDate: string;
  expiresAt: number;
}

export interface BrokerAccount {
  id: string;
  name: string;
  currency: string;
  status: string;
  accNum: string;
  accountBalance: string | null;
}

/** Everything a /trade/* call needs to address one account. */
export interface AccountRef {
  accessToken: string;
  accountId: string;
  accNum: string;
}

export interface RateLimitRule {
  rateLimitType: string;
  measure: string;
  intervalNum: number;
  limit: number;
}

export interface TradeConfig {
  columns: {
    positions: string[];
    orders: string[];
    ordersHistory: string[];
    filledOrders: string[];
    accountDetails: string[];
  };
  rateLimits: RateLimitRule[];
  limits: unknown[];
}

export interface BrokerInstrument {
  tradableInstrumentId: string;
  id: string | null;
  name: string;
  description: string | null;
  type: string | null;
  tradeRouteId: string | null;
  infoRouteId: string | null;
}

export interface InstrumentDetails {
  tradableInstrumentId: string;
  name: string | null;
  lotSize: number | null;
  lotStep: number | null;
  minLot: number | null;
  maxLot: number | null;
  tickSize: number | null;
  quotingCurrency: string | null;
  symbolStatus: string | null;
  raw: Record<string, unknown>;
}

export interface BrokerQuote {
  ask: number;
  bid: number;
  askSize: number | null;
  bidSize: number | null;
}

export interface BrokerBar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

export interface BrokerOrder {
  id: string;
  tradableInstrumentId: string | null;
  routeId: string | null;
  qty: string | null;
  side: string | null;
  type: string | null;
  status: string | null;
  filledQty: string | null;
  avgPrice: string | null;
  price: string | null;
  stopPrice: string | null;
  validity: string | null;
  expireDate: number | null;
  createdDate: number | null;
  lastModified: number | null;
  isOpen: boolean | null;
  positionId: string | null;
  stopLoss: string | null;
  stopLossType: string | null;
  takeProfit: string | null;
  takeProfitType: string | null;
  strategyId: string | null;
  /** Only brokers (like our simulator) that add these columns fill them. */
  realizedPnl: string | null;
  fee: string | null;
  swap: string | null;
}

export interface BrokerPosition {
  id: string;
  tradableInstrumentId: string | null;
  routeId: string | null;
  side: string | null;
  qty: string | null;
  avgPrice: string | null;
  stopLossId: string | null;
  takeProfitId: string | null;
  openDate: number | null;
  unrealizedPl: string | null;
  strategyId: string | null;
}

export interface BrokerExecution {
  id: string;
  orderId: string | null;
  positionId: string | null;
  tradableInstrumentId: string | null;
  qty: string | null;
  side: string | null;
  price: string | null;
  time: number | null;
}

export interface PlaceOrderInput {
  tradableInstrumentId: string;
  routeId: string;
  qty: string | number;
  side: 'buy' | 'sell';
  type: 'market' | 'limit' | 'stop';
  /** Defaults to IOC for market orders and GTC otherwise. */
  validity?: 'GTC' | 'IOC';
  price?: string | number;
  stopPrice?: string | number;
  stopLoss?: string | number;
  stopLossType?: 'absolute' | 'offset' | 'trailingOffset';
  takeProfit?: string | number;
  takeProfitType?: 'absolute' | 'offset' | 'trailingOffset';
  /** Client order id (≤ 31 chars). With it, a lost answer is retried safely. */
  strategyId?: string;
}
