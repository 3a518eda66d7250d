import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBehindCsrf } from '../../../../test/fetch-stub';
import { login, loginFailure } from './login';

afterEach(() => vi.unstubAllGlobals());

/** Answers the sign-in call with `status` and `body`; the XSRF cookie call with 204. */
function answerLogin(status: number, body: unknown) {
  stubBehindCsrf(() => new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('the sign-in call', () => {
  it("[P139] names the device 'Web App 1.0.4' and sends the client version 1.0.4", async () => {
    answerLogin(200, { token: 'token-1', exp: Math.floor(Date.now() / 1000) + 3600 });
    await login({ username: ' a@b.c ', password: 'x' });
    const [url, init] = vi.mocked(fetch).mock.calls.find(([called]) => String(called).endsWith('/api/login'))!;
    expect(String(url)).toBe('/api/login');
    expect(JSON.parse(String(init!.body))).toEqual({ username: 'a@b.c', password: 'x', device_name: 'Web App 1.0.4' });
    expect((init!.headers as Record<string, string>)['X-Client-Version']).toBe('1.0.4');
  });
});

describe('sign-in failures, in the words shown under the form', () => {
  it("[P42] says the server's message, else 'Login failed with status N'", async () => {
    const worded = () => login({ username: 'a@b.c', password: 'x' }).then(() => 'signed in', loginFailure);
    answerLogin(422, { message: 'These credentials do not match our records.' });
    await expect(worded()).resolves.toBe('These credentials do not match our records.');
    answerLogin(500, null);
    await expect(worded()).resolves.toBe('Login failed with status 500');
  });

  it("[P42] says 'No token returned by server.' for an answer without a token, and stores nothing", async () => {
    answerLogin(200, { message: 'ok' });
    await expect(login({ username: 'a@b.c', password: 'x' }).then(() => 'signed in', loginFailure)).resolves.toBe('No token returned by server.');
    expect(localStorage.getItem('th_auth')).toBeNull();
  });
});
