/**
 * The instruments the community trades: the emoji shown on Levels cards and the contract
 * figures used for risk math when a trade does not carry its own value per point.
 */

export const INSTRUMENT_SYMBOLS = [
  'NAS100',
  'SPX',
  'US30',
  'XAUUSD',
  'XAGUSD',
  'GER40',
  'UK100',
  'BTCUSD',
  'ETHUSD',
] as const;
export type InstrumentSymbol = (typeof INSTRUMENT_SYMBOLS)[number];

export interface InstrumentSpec {
  symbol: InstrumentSymbol;
  name: string;
  emoji: string;
  /** Units of the underlying in one lot (ounces for metals, coins for crypto, 1 for indices). */
  contractSize: number;
  /** Money gained or lost per 1.0 price move per lot, in the quote currency. */
  valuePerPoint: number;
  quoteCurrency: string;
  /** Lots are ordered in multiples of this step, from one step up (TradeLocker's lotStep/minLot). */
  lotStep: number;
}

/**
 * Typical CFD contract terms (index CFDs at 1 unit per lot, gold 100 oz, silver 5,000 oz,
 * crypto 1 coin). Brokers differ, so a trade's own contract_size / value_per_point wins.
 */
export const INSTRUMENTS: Readonly<Record<InstrumentSymbol, InstrumentSpec>> = {
  NAS100: spec('NAS100', 'Nasdaq 100', '🇺🇸', 1, 'USD'),
  SPX: spec('SPX', 'S&P 500', '🇺🇸', 1, 'USD'),
  US30: spec('US30', 'Dow Jones 30', '🇺🇸', 1, 'USD'),
  XAUUSD: spec('XAUUSD', 'Gold', '🥇', 100, 'USD'),
  XAGUSD: spec('XAGUSD', 'Silver', '🥈', 5000, 'USD'),
  GER40: spec('GER40', 'DAX 40', '🇩🇪', 1, 'EUR'),
  UK100: spec('UK100', 'FTSE 100', '🇬🇧', 1, 'GBP'),
  BTCUSD: spec('BTCUSD', 'Bitcoin', '₿', 1, 'USD'),
  ETHUSD: spec('ETHUSD', 'Ethereum', '💎', 1, 'USD'),
};

function spec(
  symbol: InstrumentSymbol,
  name: string,
  emoji: string,
  contractSize: number,
  quoteCurrency: string,
): InstrumentSpec {
  // For these CFDs one price point moves one lot by its contract size; every instrument the
  // simulator and the community's broker list trades in 0.01-lot steps.
  return { symbol, name, emoji, contractSize, valuePerPoint: contractSize, quoteCurrency, lotStep: 0.01 };
}

/** Emoji for an instrument the map does not know. */
export const DEFAULT_INSTRUMENT_EMOJI = '📈';

/** Broker spellings of the same markets. */
const ALIASES: Readonly<Record<string, InstrumentSymbol>> = {
  NAS100: 'NAS100',
  NAS: 'NAS100',
  US100: 'NAS100',
  USTEC: 'NAS100',
  NDX: 'NAS100',
  NQ: 'NAS100',
  SPX: 'SPX',
  SPX500: 'SPX',
  US500: 'SPX',
  SP500: 'SPX',
  ES: 'SPX',
  US30: 'US30',
  DJ30: 'US30',
  DJI: 'US30',
  DOW: 'US30',
  YM: 'US30',
  XAUUSD: 'XAUUSD',
  GOLD: 'XAUUSD',
  XAGUSD: 'XAGUSD',
  SILVER: 'XAGUSD',
  GER40: 'GER40',
  DE40: 'GER40',
  DAX: 'GER40',
  DAX40: 'GER40',
  UK100: 'UK100',
  FTSE: 'UK100',
  FTSE100: 'UK100',
  BTCUSD: 'BTCUSD',
  BTC: 'BTCUSD',
  ETHUSD: 'ETHUSD',
  ETH: 'ETHUSD',
};

/**
 * The canonical symbol, ignoring case and broker decorations such as "NAS100.cash",
 * "US30m" or "XAU/USD"; null when unknown.
 */
export function canonicalInstrument(symbol: string | null | undefined): InstrumentSymbol | null {
  if (!symbol) return null;
  const upper = symbol.toUpperCase().trim();
  const compact = upper.replace(/[^A-Z0-9]/g, '');
  const base = upper.split(/[.\s_-]/)[0]?.replace(/[^A-Z0-9]/g, '') ?? '';
  for (const candidate of [compact, base, base.replace(/(CASH|M|PRO|ECN)$/, '')]) {
    const hit = ALIASES[candidate];
    if (hit) return hit;
  }
  return null;
}

export function instrumentSpec(symbol: string | null | undefined): InstrumentSpec | null {
  const canonical = canonicalInstrument(symbol);
  return canonical ? INSTRUMENTS[canonical] : null;
}

export function instrumentEmoji(symbol: string | null | undefined): string {
  return instrumentSpec(symbol)?.emoji ?? DEFAULT_INSTRUMENT_EMOJI;
}

/** Value of a 1.0 price move for one lot, or null for an unknown instrument. */
export function valuePerPoint(symbol: string | null | undefined): number | null {
  return instrumentSpec(symbol)?.valuePerPoint ?? null;
}

export function contractSize(symbol: string | null | undefined): number | null {
  return instrumentSpec(symbol)?.contractSize ?? null;
}
