/**
 * The product's one money and decimal module (server, web and the AlphaORB engine). Amounts
 * are exact on scaled integers, at the two scales the product needs:
 *
 * - account money (P&L, balances, fees, report figures) in integer cents, held in a `number`
 *   (exact up to 2^53 cents); this is what members see, and the API carries it as numeric text
 *   or as a number already rounded to cents;
 * - broker decimals (prices, lots, fills of the order history) as a `BrokerDecimal`, a bigint
 *   scaled by 10^8, so sums of thousands of fills never show float rounding.
 *
 * Account money rounds half away from zero: -0.005 rounds to -0.01 exactly as 0.005 rounds to
 * 0.01, so a loss and the same gain show the same digits. Values computed in floats (the
 * AlphaORB engine, means of cents) keep their historical rule, `roundHalfUp` below, so the
 * figures stay what members have seen.
 */

/** An amount as the API or a form hands it over. */
export type Amount = number | string | null | undefined;

/** A finite number from an amount, or null when missing or not numeric. */
export function parseAmount(value: Amount): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const cleaned = value.trim().replace(/,/g, '');
  if (cleaned === '') return null;
  const parsed = Number(cleaned);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * `value × 10^digits` as an integer, half away from zero. Shifting the decimal point in the
 * number's text form avoids `1.005 * 100 === 100.49999…` rounding down: the shortest text of a
 * float is the decimal it was meant to be. Never -0 (JSON and `Object.is` would tell it apart).
 */
export function scaledInteger(value: number, digits: number): number {
  const abs = Math.abs(value);
  const text = String(abs);
  const shifted = text.includes('e') ? abs * 10 ** digits : Number(`${text}e${digits}`);
  const rounded = Math.round(shifted);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Integer cents, rounding half away from zero; null when missing or not numeric. */
export function toCents(value: Amount): number | null {
  const amount = parseAmount(value);
  return amount === null ? null : scaledInteger(amount, 2);
}

/** Cents back to a currency amount. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Prices are kept to 10^-6, the product's price step (five-decimal FX quotes fit). */
export const PRICE_DECIMALS = 6;

/** Lots follow the order form's 0.01 step. */
export const LOT_DECIMALS = 2;

/** Round an amount to cents (e.g. a computed average or a P&L from float prices). */
export function roundToCents(value: number): number {
  return fromCents(scaledInteger(value, 2));
}

/** Money in the AlphaORB engine is kept to cents. */
export const MONEY_DECIMALS = 2;

/**
 * Rounding of computed values: half up (toward +∞) on the float, `Math.round(value ×
 * 10^decimals)`. The AlphaORB engine rounds its prices, lots and P&L so (a short losing 8.125
 * books -8.12 while its risk of 8.125 books 8.13), and the journal and reports round means of
 * cents so (`roundHalfUp(cents / n, 0)`: -2.5 → -2). Every figure members have seen was
 * computed this way; moving to half away from zero would change them, which is a product
 * decision (issue #21), not a refactor. Never -0, so a persisted and reloaded run equals the
 * one in memory.
 */
export function roundHalfUp(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale + 0;
}

/** Sum of amounts, skipping missing ones, exact to the cent. */
export function sumAmounts(values: readonly Amount[]): number {
  let cents = 0;
  for (const value of values) cents += toCents(value) ?? 0;
  return fromCents(cents);
}

/** Cents as the API's and the database's numeric text: 123456 → "1234.56", -5 → "-0.05". */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** An amount as numeric text with two decimals ("12.50"); null when missing or not numeric. */
export function moneyText(value: Amount): string | null {
  const cents = toCents(value);
  return cents === null ? null : centsText(cents);
}

/** A broker price, lot or amount: a bigint scaled by 10^8. */
export type BrokerDecimal = bigint;

const BROKER_DIGITS = 8;
const BROKER_SCALE = 10n ** BigInt(BROKER_DIGITS);

/** "90415.16" → a broker decimal; null for anything that is not a plain decimal number. */
export function parseBrokerDecimal(value: string | null | undefined): BrokerDecimal | null {
  if (value === null || value === undefined) return null;
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match || (match[2] === '' && !match[3])) {
    // Exponent forms ("1e-7") from brokers that print floats go through the number once.
    const n = Number(value);
    return Number.isFinite(n) && value.trim() !== '' ? parseBrokerDecimal(n.toFixed(BROKER_DIGITS)) : null;
  }
  const [, sign, whole, frac = ''] = match;
  const units =
    BigInt(whole || '0') * BROKER_SCALE +
    BigInt((frac + '0'.repeat(BROKER_DIGITS)).slice(0, BROKER_DIGITS) || '0');
  return sign === '-' ? -units : units;
}

/** Rounds half away from zero to `dp` decimals and formats ("-12.50"). */
export function formatBrokerDecimal(value: BrokerDecimal, dp = 2): string {
  const step = 10n ** BigInt(BROKER_DIGITS - dp);
  const abs = value < 0n ? -value : value;
  const rounded = ((abs + step / 2n) / step) * step;
  const whole = rounded / BROKER_SCALE;
  const frac = (rounded % BROKER_SCALE).toString().padStart(BROKER_DIGITS, '0').slice(0, dp);
  const sign = value < 0n && rounded !== 0n ? '-' : '';
  return dp > 0 ? `${sign}${whole}.${frac}` : `${sign}${whole}`;
}

/** Formats without trailing zeros: prices and lots keep only the digits they need. */
export function formatBrokerDecimalTrimmed(value: BrokerDecimal): string {
  const text = formatBrokerDecimal(value, BROKER_DIGITS);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** a × b, truncated to 10^-8 (a price × a lot: digits below are not money). */
export function multiplyBrokerDecimals(a: BrokerDecimal, b: BrokerDecimal): BrokerDecimal {
  return (a * b) / BROKER_SCALE;
}

/** a ÷ b, truncated to 10^-8; 0 when b is 0 (an average price of nothing). */
export function divideBrokerDecimals(a: BrokerDecimal, b: BrokerDecimal): BrokerDecimal {
  return b === 0n ? 0n : (a * BROKER_SCALE) / b;
}
