/**
 * Money arithmetic for amounts that arrive as numbers or numeric strings (the API keeps
 * money as strings). Sums happen in integer cents so float artefacts never reach the screen.
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
 * Integer cents, rounding half away from zero. Shifting the decimal point in the number's
 * text form avoids `1.005 * 100 === 100.49999…` rounding down.
 */
export function toCents(value: Amount): number | null {
  const amount = parseAmount(value);
  if (amount === null) return null;
  const text = String(Math.abs(amount));
  const shifted = text.includes('e') ? Math.abs(amount) * 100 : Number(`${text}e2`);
  const cents = Math.round(shifted);
  return amount < 0 && cents !== 0 ? -cents : cents;
}

/** Cents back to a currency amount. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Round an amount to cents (e.g. for a computed average). */
export function roundToCents(value: number): number {
  return fromCents(toCents(value) ?? 0);
}

/** Sum of amounts, skipping missing ones, exact to the cent. */
export function sumAmounts(values: readonly Amount[]): number {
  let cents = 0;
  for (const value of values) cents += toCents(value) ?? 0;
  return fromCents(cents);
}
