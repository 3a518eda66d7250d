/**
 * Client-side pacing from the rate limits the broker declares in /trade/config, so we wait
 * our turn instead of collecting 429s. One sliding window per (base URL, account, limit type).
 */
import type { RateLimitRule } from './types.ts';

export interface RateGate {
  /** Resolves when a call in this bucket may be sent (and counts it). */
  acquire(bucket: string, rule: RateLimitRule | undefined): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createRateGate(clock: () => number = Date.now): RateGate {
  const sent = new Map<string, number[]>();
  return {
    async acquire(bucket, rule) {
      if (!rule || rule.limit <= 0 || rule.intervalNum <= 0) return;
      const windowMs = rule.intervalNum * (rule.measure === 'MINUTES' ? 60_000 : 1_000);
      for (;;) {
        const now = clock();
        const recent = (sent.get(bucket) ?? []).filter((t) => t > now - windowMs);
        if (recent.length < rule.limit) {
          recent.push(now);
          sent.set(bucket, recent);
          return;
        }
        sent.set(bucket, recent);
        // A small margin: the broker's window and ours do not start on the same millisecond.
        await sleep(recent[0]! + windowMs - now + 5);
      }
    },
  };
}
