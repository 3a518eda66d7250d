import { ApiError } from '@/lib/api-client';

/**
 * The sessions messages of platform §8. Deliberately not describeError: the spec words these
 * failures by status alone and never shows the server's message (sessions-board.test pins it).
 */
export function sessionsErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403)
      return 'You need to sign in again to view live sessions.';
    return `Unable to load sessions (${error.status})`;
  }
  return 'Failed to load live sessions.';
}
