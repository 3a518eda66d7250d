/**
 * Enforces the rate limits the simulator declares in /trade/config: a sliding window per
 * (caller, limit type), measured on the simulator's wall clock (not its market clock, which
 * tests move by hours at a time).
 */
import type { RateLimit } from './trade-config.ts';

export interface RateLimiter {
  /** Ms to wait before retrying, or 0 when the call may proceed (and is counted). */
  take(caller: string, rateLimitType: string): number;
}

export function createRateLimiter(
  limits: RateLimit[],
  clock: () => number = Date.now,
): RateLimiter {
  const byType = new Map(limits.map((l) => [l.rateLimitType, l]));
  const calls = new Map<string, number[]>();
  return {
    take(caller, rateLimitType) {
      const limit = byType.get(rateLimitType);
      if (!limit) return 0;
      const windowMs = limit.intervalNum * (limit.measure === 'MINUTES' ? 60_000 : 1_000);
      const now = clock();
      const key = `${caller}\u0000${rateLimitType}`;
      const recent = (calls.get(key) ?? []).filter((t) => t > now - windowMs);
      if (recent.length >= limit.limit) {
        calls.set(key, recent);
        return Math.max(1, recent[0]! + windowMs - now);
      }
      recent.push(now);
      calls.set(key, recent);
      return 0;
    },
  };
}
