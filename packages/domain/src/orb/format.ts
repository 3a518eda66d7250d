// Small helpers for member-facing log messages and broker ids (money and prices are formatted
// by trade-format.ts, like everywhere else in the product).

/** 'HH:MM' bot-local time of an instant, given the run's UTC offset. */
export function formatLocalTime(at: number, offsetMinutes: number): string {
  const minutes = Math.floor((at + offsetMinutes * 60_000) / 60_000);
  const inDay = ((minutes % 1440) + 1440) % 1440;
  const h = Math.floor(inDay / 60);
  const m = inDay % 60;
  return `${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}`;
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
