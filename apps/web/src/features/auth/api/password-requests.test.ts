import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubBehindCsrf } from '../../../../test/fetch-stub';
import { remindPassword, requestFailure, resetPassword, sendInvite } from './password-requests';

afterEach(() => vi.unstubAllGlobals());

/** Answers every credential call with `reply`; the XSRF cookie call with 204. */
function answer(reply: { status: number; body: unknown } | 'network') {
  stubBehindCsrf(() => {
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return jsonResponse(reply.body, reply.status);
  });
}

const reset = { token: 'abc', email: 'a@b.c', password: 'Password123!', password_confirmation: 'Password123!' };
/** Each flow's call and its default, as its form words a failure. */
const flows = [
  ['forgot password', () => remindPassword('a@b.c'), 'Unable to process request. Please try again.'],
  ['reset', () => resetPassword(reset), 'Unable to reset password. Please try again.'],
  ['send invite', () => sendInvite('a@b.c'), 'Unable to send invite. Please try again.'],
  ['complete invite', () => resetPassword(reset), 'Unable to complete invite. Please try again.'],
] as const;
const worded = (call: () => Promise<unknown>, fallback: string) =>
  call().then(
    () => 'sent',
    (error: unknown) => requestFailure(error, fallback),
  );

describe('credential flow failures (forgot, reset, invite)', () => {
  it.each(flows)("[P52] %s says the server's message first", async (_flow, call, fallback) => {
    answer({ status: 422, body: { message: 'We can’t find a user with that email address.' } });
    await expect(worded(call, fallback)).resolves.toBe('We can’t find a user with that email address.');
  });

  it.each(flows)("[P52] %s says 'Request failed (status)' when the server gave no message", async (_flow, call, fallback) => {
    answer({ status: 500, body: {} });
    await expect(worded(call, fallback)).resolves.toBe('Request failed (500)');
  });

  it.each(flows)('[P52] %s falls back to its own default without an answer', async (_flow, call, fallback) => {
    answer('network');
    await expect(worded(call, fallback)).resolves.toBe(fallback);
  });
});
