/**
 * Exact decimal arithmetic for prices, lots and money from the broker's numeric strings,
 * as bigints scaled by 10^8, so sums of thousands of fills never show float rounding.
 */
const DIGITS = 8;
const SCALE = 10n ** BigInt(DIGITS);

export type Units = bigint;

/** "90415.16" → units; null for anything that is not a plain decimal number. */
export function toUnits(value: string | null | undefined): Units | null {
  if (value === null || value === undefined) return null;
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match || (match[2] === '' && !match[3])) {
    const n = Number(value);
    return Number.isFinite(n) && value.trim() !== '' ? toUnits(n.toFixed(DIGITS)) : null;
  }
  const [, sign, whole, frac = ''] = match;
  const units =
    BigInt(whole || '0') * SCALE + BigInt((frac + '0'.repeat(DIGITS)).slice(0, DIGITS) || '0');
  return sign === '-' ? -units : units;
}

/** Rounds half away from zero to `dp` decimals and formats ("-12.50"). */
export function formatUnits(units: Units, dp = 2): string {
  const step = 10n ** BigInt(DIGITS - dp);
  const abs = units < 0n ? -units : units;
  const rounded = ((abs + step / 2n) / step) * step;
  const whole = rounded / SCALE;
  const frac = (rounded % SCALE).toString().padStart(DIGITS, '0').slice(0, dp);
  const sign = units < 0n && rounded !== 0n ? '-' : '';
  return dp > 0 ? `${sign}${whole}.${frac}` : `${sign}${whole}`;
}

/** Formats without trailing zeros: prices and lots keep only the digits they need. */
export function formatTrimmed(units: Units): string {
  const text = formatUnits(units, DIGITS);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

export function multiply(a: Units, b: Units): Units {
  return (a * b) / SCALE;
}

export function divide(a: Units, b: Units): Units {
  return b === 0n ? 0n : (a * SCALE) / b;
}
