/**
 * The simulator's instrument catalogue. Prices, tick sizes and contract sizes are close to
 * what CFD brokers on TradeLocker quote, so P&L and sizing in tests look like real trading.
 */
export type SessionKind = 'cme' | 'always';

export interface SimInstrument {
  tradableInstrumentId: string;
  /** The broker's internal instrument id (TradeLocker returns both). */
  id: string;
  name: string;
  description: string;
  type: 'EQUITY_CFD' | 'CRYPTO' | 'FOREX';
  session: SessionKind;
  basePrice: number;
  tickSize: number;
  /** Units per lot: P&L = price move × lots × contractSize (in the quoting currency). */
  contractSize: number;
  quotingCurrency: 'USD' | 'EUR' | 'GBP';
  /** Typical daily volatility of log price, e.g. 0.012 = 1.2 %. */
  dailyVol: number;
  spreadTicks: number;
  lotStep: number;
  minLot: number;
  maxLot: number;
  /** Commission in account currency per lot, charged on every fill. */
  commissionPerLot: number;
  /** Overnight financing per lot per weekday rollover (negative = charged). */
  swapLongPerLot: number;
  swapShortPerLot: number;
}

/** Route ids are shared by all instruments, as on TradeLocker. */
export const TRADE_ROUTE_ID = '9001';
export const INFO_ROUTE_ID = '9002';

/** Fixed conversion rates into the (USD) account currency; the sim has no FX market. */
export const USD_PER: Record<SimInstrument['quotingCurrency'], number> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
};

type Row = [
  name: string,
  description: string,
  type: SimInstrument['type'],
  session: SessionKind,
  basePrice: number,
  tickSize: number,
  contractSize: number,
  currency: SimInstrument['quotingCurrency'],
  dailyVol: number,
  spreadTicks: number,
  commission: number,
  swapLong: number,
  swapShort: number,
];

const rows: Row[] = [
  [
    'NAS100',
    'Nasdaq 100 Index',
    'EQUITY_CFD',
    'cme',
    21350,
    0.1,
    1,
    'USD',
    0.013,
    10,
    1,
    -6.1,
    -1.2,
  ],
  ['SPX', 'S&P 500 Index', 'EQUITY_CFD', 'cme', 5920, 0.1, 1, 'USD', 0.01, 5, 1, -1.7, -0.4],
  [
    'US30',
    'Dow Jones Industrial Average',
    'EQUITY_CFD',
    'cme',
    43150,
    1,
    1,
    'USD',
    0.009,
    2,
    1,
    -12.4,
    -2.6,
  ],
  [
    'XAUUSD',
    'Gold vs US Dollar',
    'FOREX',
    'cme',
    2655,
    0.01,
    100,
    'USD',
    0.01,
    20,
    3.5,
    -28.5,
    9.8,
  ],
  [
    'XAGUSD',
    'Silver vs US Dollar',
    'FOREX',
    'cme',
    30.85,
    0.001,
    5000,
    'USD',
    0.018,
    20,
    3.5,
    -17.2,
    4.1,
  ],
  ['GER40', 'Germany 40 Index', 'EQUITY_CFD', 'cme', 20120, 0.1, 1, 'EUR', 0.01, 10, 1, -4.9, -1.1],
  ['UK100', 'UK 100 Index', 'EQUITY_CFD', 'cme', 8290, 0.1, 1, 'GBP', 0.008, 10, 1, -2.3, -0.5],
  [
    'BTCUSD',
    'Bitcoin vs US Dollar',
    'CRYPTO',
    'always',
    95400,
    0.01,
    1,
    'USD',
    0.03,
    2000,
    5,
    -52,
    -18,
  ],
  [
    'ETHUSD',
    'Ethereum vs US Dollar',
    'CRYPTO',
    'always',
    3420,
    0.01,
    1,
    'USD',
    0.04,
    150,
    1,
    -2.1,
    -0.7,
  ],
];

export const INSTRUMENTS: readonly SimInstrument[] = rows.map((r, i) => ({
  tradableInstrumentId: String(1001 + i),
  id: String(5001 + i),
  name: r[0],
  description: r[1],
  type: r[2],
  session: r[3],
  basePrice: r[4],
  tickSize: r[5],
  contractSize: r[6],
  quotingCurrency: r[7],
  dailyVol: r[8],
  spreadTicks: r[9],
  lotStep: 0.01,
  minLot: 0.01,
  maxLot: 100,
  commissionPerLot: r[10],
  swapLongPerLot: r[11],
  swapShortPerLot: r[12],
}));

const byKey = new Map<string, SimInstrument>();
for (const inst of INSTRUMENTS) {
  byKey.set(inst.name, inst);
  byKey.set(inst.tradableInstrumentId, inst);
}

/** Looks an instrument up by symbol ("NAS100") or tradableInstrumentId ("1001"). */
export function findInstrument(key: string): SimInstrument | undefined {
  return byKey.get(key);
}

export function instrumentOf(key: string | SimInstrument): SimInstrument {
  if (typeof key !== 'string') return key;
  const inst = byKey.get(key);
  if (!inst) throw new Error(`Unknown instrument ${key}`);
  return inst;
}

/** Rounds to the instrument's tick, avoiding float tails like 21350.100000000002. */
export function roundToTick(inst: SimInstrument, price: number): number {
  const ticks = Math.round(price / inst.tickSize);
  const decimals = decimalsOf(inst.tickSize);
  return Number((ticks * inst.tickSize).toFixed(decimals));
}

export function decimalsOf(step: number): number {
  const s = String(step);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}
