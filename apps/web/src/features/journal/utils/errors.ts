import { ApiError } from '@/lib/api-client';
import { forceLogout } from '@/lib/session-events';

/**
 * Spec §8.2 messages: the server's text when it sent one, else "{prefix} ({status})", else
 * the screen's generic fallback (network failures and the like).
 */
export function describeFailure(error: unknown, prefix: string, fallback: string): string {
  if (error instanceof ApiError) return error.describe(`${prefix} (${error.status})`);
  return fallback;
}

/** The daily log signs the member out on these statuses (§8.2). */
const LOGOUT_STATUSES = [401, 403, 419, 440];

export function logoutOnAuthFailure(error: unknown) {
  if (error instanceof ApiError && LOGOUT_STATUSES.includes(error.status)) forceLogout();
}
