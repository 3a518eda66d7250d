import { describeError } from '@/lib/api-client';

/**
 * Spec §8.2 messages: the server's text when it sent one, else "{prefix} ({status})", else
 * the screen's generic fallback (network failures and the like).
 */
export function describeFailure(error: unknown, prefix: string, fallback: string): string {
  return describeError(error, (status) => (status === null ? fallback : `${prefix} (${status})`));
}
