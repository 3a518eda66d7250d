// Small helpers for member-facing log messages and broker ids. Only used on transitions,
// never per bar, so Intl is fine here.

const priceFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 5,
});
const moneyFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatPrice(value: number): string {
  return priceFormat.format(value);
}

export function formatMoney(value: number): string {
  const sign = value < 0 ? '-' : value > 0 ? '+' : '';
  return `${sign}$${moneyFormat.format(Math.abs(value))}`;
}

/** 'HH:MM' bot-local time of an instant, given the run's UTC offset. */
export function formatLocalTime(at: number, offsetMinutes: number): string {
  const minutes = Math.floor((at + offsetMinutes * 60_000) / 60_000);
  const inDay = ((minutes % 1440) + 1440) % 1440;
  const h = Math.floor(inDay / 60);
  const m = inDay % 60;
  return `${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}`;
}

// `+ 0` turns -0 into 0: a flat short trade computes 0 × −1 = −0, which JSON writes as 0, so a
// persisted and reloaded run would no longer equal the one in memory.
export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100 + 0;
}

/** Rounds a price to 6 decimals (the product's price step) to drop float noise. */
export function roundPrice(value: number): number {
  return Math.round(value * 1e6) / 1e6 + 0;
}

/** Lot quantities use the form's 0.01 step. */
export function roundLots(value: number): number {
  return Math.round(value * 100) / 100 + 0;
}

function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * The broker's strategyId for one entry leg. Deterministic so that a runner restarted after a
 * crash re-derives the same id and can ask the broker whether the order already exists;
 * hashed because run ids (UUIDs) are longer than the broker's 31 characters.
 */
export function clientOrderIdFor(runId: string, attempt: number, leg: number): string {
  const a = fnv1a(runId, 0x811c9dc5).toString(36).padStart(7, '0');
  const b = fnv1a(runId, 0x01000193).toString(36).padStart(7, '0');
  return `orb-${a}${b}-a${attempt}l${leg}`;
}
