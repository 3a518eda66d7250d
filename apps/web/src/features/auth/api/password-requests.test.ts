import { afterEach, describe, expect, it, vi } from 'vitest';
import { remindPassword, resetPassword, sendInvite } from './password-requests';

afterEach(() => vi.unstubAllGlobals());

/** Answers every credential call with `reply`; the XSRF cookie call with 204. */
function answer(reply: { status: number; body: unknown } | 'network') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).endsWith('/sanctum/csrf-cookie')) {
        document.cookie = 'XSRF-TOKEN=t; path=/';
        return new Response(null, { status: 204 });
      }
      if (reply === 'network') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

const reset = { token: 'abc', email: 'a@b.c', password: 'Password123!', password_confirmation: 'Password123!' };
const flows = [
  ['forgot password', () => remindPassword('a@b.c'), 'Unable to process request. Please try again.'],
  ['reset', () => resetPassword(reset, 'reset'), 'Unable to reset password. Please try again.'],
  ['send invite', () => sendInvite('a@b.c'), 'Unable to send invite. Please try again.'],
  ['complete invite', () => resetPassword(reset, 'invite'), 'Unable to complete invite. Please try again.'],
] as const;

describe('credential flow failures (forgot, reset, invite)', () => {
  it.each(flows)("[P52] %s says the server's message first", async (_flow, call) => {
    answer({ status: 422, body: { message: 'We can’t find a user with that email address.' } });
    await expect(call()).rejects.toThrow('We can’t find a user with that email address.');
  });

  it.each(flows)("[P52] %s says 'Request failed (status)' when the server gave no message", async (_flow, call) => {
    answer({ status: 500, body: {} });
    await expect(call()).rejects.toThrow('Request failed (500)');
  });

  it.each(flows)('[P52] %s falls back to its own default without an answer', async (_flow, call, fallback) => {
    answer('network');
    await expect(call()).rejects.toThrow(fallback);
  });
});
