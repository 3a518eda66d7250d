/** The broker-link messages of platform §8, composed from what the server answered. */
import { ApiError, NetworkError } from '@/lib/api-client';

export const INACTIVE_LINK_MESSAGE = 'Your membership is inactive. Update billing to link new trading accounts.';
export const UNREACHABLE_MESSAGE = 'Unable to reach TradeLocker. Please try again.';
export const NO_TOKEN_MESSAGE = 'No access token returned from TradeLocker';

/** Discovery: the server's message (the broker's, with its status), else 'Login failed (status)'. */
export function discoveryFailure(error: unknown): string {
  if (error instanceof ApiError) return error.describe(`Login failed (${error.status})`);
  if (error instanceof NetworkError) return UNREACHABLE_MESSAGE;
  return UNREACHABLE_MESSAGE;
}

export function linkFailure(error: unknown): string {
  if (error instanceof ApiError) return error.describe(`Unable to link accounts (${error.status})`);
  return 'Failed to link accounts. Please try again.';
}
