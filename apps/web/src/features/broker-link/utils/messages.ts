/** The broker-link messages of platform §8, composed from what the server answered. */
import { describeError } from '@/lib/api-client';

export const INACTIVE_LINK_MESSAGE =
  'Your membership is inactive. Update billing to link new trading accounts.';
export const UNREACHABLE_MESSAGE = 'Unable to reach TradeLocker. Please try again.';
export const NO_TOKEN_MESSAGE = 'No access token returned from TradeLocker';

/** Discovery: the server's message (the broker's, with its status), else 'Login failed (status)'. */
export function discoveryFailure(error: unknown): string {
  return describeError(error, (status) =>
    status === null ? UNREACHABLE_MESSAGE : `Login failed (${status})`,
  );
}

export function linkFailure(error: unknown): string {
  return describeError(error, (status) =>
    status === null
      ? 'Failed to link accounts. Please try again.'
      : `Unable to link accounts (${status})`,
  );
}
