import { describeStatus } from '@/lib/api-client';

/** The sessions messages of platform §8: worded by status alone, never the server's message. */
export function sessionsErrorMessage(error: unknown): string {
  return describeStatus(error, (status) => {
    if (status === null) return 'Failed to load live sessions.';
    if (status === 401 || status === 403) return 'You need to sign in again to view live sessions.';
    return `Unable to load sessions (${status})`;
  });
}
