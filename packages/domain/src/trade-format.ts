/**
 * Display formats for trades (trading-tools §9). Every formatter shows a dash for a missing
 * value, so screens never print "null", "NaN" or "$undefined".
 */
import { fromCents, parseAmount, toCents, type Amount } from './money.ts';
import { TRADE_TIME_ZONE } from './calendar-months.ts';
import { instantMs, type Instant } from './trade-dates.ts';

export const MISSING_VALUE = '—';

export interface MoneyFormatOptions {
  /** ISO currency code; USD by default. */
  currency?: string | null;
  /** Narrow screens drop the currency symbol. */
  showSymbol?: boolean;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** What the formats below vary: a currency (or a plain number) and the decimals shown. */
interface FormatOptions {
  currency?: string;
  minimumFractionDigits?: number;
  maximumFractionDigits: number;
}

/**
 * One en-US formatter per set of options, built once: building an Intl.NumberFormat (which
 * `toLocaleString` with options also does on every call) costs far more than formatting, and
 * a TradeDesk month formats about a hundred amounts per render. The key is plain text rather
 * than JSON, since the AlphaORB engine formats prices on every log line of a backtest.
 * Throws for an unknown currency.
 */
function numberFormat(options: FormatOptions): Intl.NumberFormat {
  const key = `${options.currency ?? ''}|${options.minimumFractionDigits ?? ''}|${options.maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', options.currency ? { style: 'currency', ...options } : options);
    numberFormats.set(key, format);
  }
  return format;
}

function currencyFormatter(currency: string, fractionDigits: number): Intl.NumberFormat {
  return numberFormat({
    currency: currency.toUpperCase(),
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}

function isCurrencyCode(code: string): boolean {
  try {
    currencyFormatter(code, 2);
    return true;
  } catch {
    return false;
  }
}

function resolveCurrency(options: MoneyFormatOptions): string {
  return options.currency && isCurrencyCode(options.currency) ? options.currency : 'USD';
}

const symbols = new Map<string, string>();

/** A currency's symbol, looked up once: the calendar abbreviates some fifty amounts per render. */
function currencySymbol(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    symbol = currencyFormatter(currency, 0).formatToParts(0).find((part) => part.type === 'currency')?.value ?? '';
    symbols.set(currency, symbol);
  }
  return symbol;
}

/** Absolute amount with its symbol (or bare), thousands grouped, fixed decimals. */
function magnitude(abs: number, options: MoneyFormatOptions, digits: number): string {
  const currency = resolveCurrency(options);
  if (options.showSymbol === false) {
    return numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(abs);
  }
  return currencyFormatter(currency, digits).format(abs);
}

/** "$1,234.50", "-$12.00" (or "1,234.50" without the symbol). */
export function formatMoney(value: Amount, options: MoneyFormatOptions = {}): string {
  const cents = toCents(value);
  if (cents === null) return MISSING_VALUE;
  const text = magnitude(fromCents(Math.abs(cents)), options, 2);
  return cents < 0 ? `-${text}` : text;
}

/** Signed P&L: "+$1,234.50", "-$12.00"; zero has no sign ("$0.00"). */
export function formatPnl(value: Amount, options: MoneyFormatOptions = {}): string {
  const cents = toCents(value);
  if (cents === null) return MISSING_VALUE;
  const text = magnitude(fromCents(Math.abs(cents)), options, 2);
  return cents > 0 ? `+${text}` : cents < 0 ? `-${text}` : text;
}

/**
 * Calendar money: thousands abbreviated as K with up to two decimals ("$1.23K", "$12K"),
 * smaller amounts with two decimals. Signed like P&L when `signed` is set.
 */
export function formatMoneyCompact(
  value: Amount,
  options: MoneyFormatOptions & { signed?: boolean } = {},
): string {
  const cents = toCents(value);
  if (cents === null) return MISSING_VALUE;
  const abs = fromCents(Math.abs(cents));
  let text: string;
  if (abs >= 1000) {
    // Rounded to tens of dollars in integer cents, so 1,234.50 reads 1.23K, never 1.2345K.
    const thousands = Math.round(Math.abs(cents) / 1000) / 100;
    const symbol = options.showSymbol === false ? '' : currencySymbol(resolveCurrency(options));
    text = `${symbol}${numberFormat({ maximumFractionDigits: 2 }).format(thousands)}K`;
  } else {
    text = magnitude(abs, options, 2);
  }
  if (cents < 0) return `-${text}`;
  return options.signed && cents > 0 ? `+${text}` : text;
}

/** Lots or contracts: two decimals from 1 up, three below (0.125 lots). */
export function formatSize(value: Amount): string {
  const size = parseAmount(value);
  if (size === null) return MISSING_VALUE;
  const digits = Math.abs(size) >= 1 ? 2 : 3;
  return numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(size);
}

/** Prices with 2 to 5 decimals: 18234.25 → "18,234.25", 1.084567 → "1.08457". */
export function formatPrice(value: Amount): string {
  const price = parseAmount(value);
  if (price === null) return MISSING_VALUE;
  return numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 5 }).format(price);
}

/** "<1 min", "N min", "Hh Mm" or "Hh" from milliseconds. */
export function formatDurationMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return MISSING_VALUE;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return '<1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/** Time held between entry and exit; a dash when either is missing or exit precedes entry. */
export function formatDuration(
  entry: Instant | null | undefined,
  exit: Instant | null | undefined,
): string {
  const from = instantMs(entry);
  const to = instantMs(exit);
  if (from === null || to === null) return MISSING_VALUE;
  return formatDurationMs(to - from);
}

/** "BUY" / "SELL". */
export function formatSide(side: string | null | undefined): string {
  const text = side?.trim();
  return text ? text.toUpperCase() : MISSING_VALUE;
}

/** Any value as text, with a dash for null, undefined, blank text or NaN. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return MISSING_VALUE;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : MISSING_VALUE;
  const text = String(value).trim();
  return text === '' ? MISSING_VALUE : text;
}

/** A percentage (0–100) with one decimal: "66.7%". */
export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING_VALUE;
  return `${value.toFixed(digits)}%`;
}

const tradeTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Entry and exit times in tables: "Jan 5, 09:31", in Toronto unless told another IANA zone.
 * One Intl format per zone, built once: through luxon (a DateTime, its zone's offset worked
 * out from formatted parts, then the pattern) it was the costliest of TradeDesk's own
 * functions, the latest trades' ten times formatted on each of the page's renders (issue #27).
 */
export function formatTradeTime(
  value: Instant | null | undefined,
  zone: string = TRADE_TIME_ZONE,
): string {
  const ms = instantMs(value);
  if (ms === null) return MISSING_VALUE;
  let format = tradeTimeFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    tradeTimeFormats.set(zone, format);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value: text } of format.formatToParts(ms)) part[type] = text;
  return `${part.month} ${part.day}, ${part.hour}:${part.minute}`;
}

/** A count with its noun in the right number: "1 trade", "2 trades", "1,250 trades". */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
