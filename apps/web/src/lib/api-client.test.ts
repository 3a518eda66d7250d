import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  alphaorbEndpoints,
  authEndpoints,
  communityEndpoints,
  courseEndpoints,
  journalEndpoints,
  staffEndpoints,
  tradeEndpoints,
} from '@th/contracts';
import { entryEndpoints } from '@th/contracts/client';
import { api, ApiError, describeError, describeStatus, NetworkError } from './api-client';
import { storeAuth } from './auth-storage';
import { MEMBERSHIP_NOTICE_KEY } from './membership-notice';
import { FORCED_LOGOUT_EVENT } from './session-events';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let answers: Array<() => Response>;

function respond(status: number, body?: unknown, headers: Record<string, string> = {}) {
  return () =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
}

beforeEach(() => {
  calls = [];
  answers = [];
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      if (url.endsWith('/sanctum/csrf-cookie')) {
        document.cookie = 'XSRF-TOKEN=nonce%2Bsig; path=/';
        return new Response(null, { status: 204 });
      }
      const next = answers.shift();
      if (!next) throw new Error(`unexpected call ${url}`);
      return next();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const headersOf = (call: Call) => call.init.headers as Record<string, string>;

describe('api client', () => {
  it('[P136] sends the bearer token, client version and credentials on reads', async () => {
    storeAuth('token-1', Math.floor(Date.now() / 1000) + 60);
    answers.push(respond(200, { data: [] }));
    await api.call(entryEndpoints.getOrderHistory, { query: { page: 2, instrument: '' } });
    expect(calls[0]!.url).toBe('/api/trades/order-history?page=2');
    expect(headersOf(calls[0]!)).toMatchObject({
      Authorization: 'Bearer token-1',
      'X-Client-Version': '1.0.4',
      Accept: 'application/json',
    });
    expect(calls[0]!.init.credentials).toBe('include');
    expect(headersOf(calls[0]!)['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('[P137] fetches the XSRF cookie first and echoes it on writes', async () => {
    answers.push(respond(200, { ok: true }));
    await api.call(authEndpoints.requestPasswordReminder, { body: { email: 'a@b.c' } });
    expect(calls.map((c) => c.url)).toEqual(['/sanctum/csrf-cookie', '/api/password/remind']);
    expect(headersOf(calls[1]!)).toMatchObject({
      'X-XSRF-TOKEN': 'nonce+sig',
      'X-Requested-With': 'XMLHttpRequest',
    });
    expect(headersOf(calls[1]!).Authorization).toBeUndefined();
  });

  it('[P126] ignores an expired th_auth and falls back to the legacy token', async () => {
    storeAuth('old', Math.floor(Date.now() / 1000) - 1);
    localStorage.setItem('th_api_token', 'legacy');
    answers.push(respond(200, {}));
    await api.call(entryEndpoints.getProfile);
    expect(headersOf(calls[0]!).Authorization).toBe('Bearer legacy');
  });

  it('fills path parameters encoded, and sends writes without a body as {}', async () => {
    answers.push(respond(200, { data: null }), respond(200, { message: 'ok' }));
    await api.call(courseEndpoints.getCourse, { params: { courseSlug: 'a b/c' } });
    await api.call(authEndpoints.logout);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/courses/a%20b%2Fc',
      '/sanctum/csrf-cookie',
      '/api/logout',
    ]);
    expect(calls[2]!.init).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('[P141] waits for Retry-After on a 429 of the profile call and retries once', async () => {
    vi.useFakeTimers();
    answers.push(
      respond(429, { message: 'slow down' }, { 'Retry-After': '3' }),
      respond(200, { done: true }),
    );
    const pending = api.call(entryEndpoints.getProfile);
    await vi.advanceTimersByTimeAsync(2900);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(pending).resolves.toEqual({ done: true });
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['POST', '/api/login'],
    ['GET', '/api/trades/order-history'],
  ])(
    'fails a 429 of %s %s at once with the server message, without waiting',
    async (method, path) => {
      answers.push(
        respond(
          429,
          { message: 'Too many attempts. Please wait 58 seconds and try again.' },
          { 'Retry-After': '58' },
        ),
      );
      const call =
        method === 'GET'
          ? api.call(entryEndpoints.getOrderHistory)
          : api.call(authEndpoints.login, { body: { username: 'a', password: 'b' } });
      const error = await call.then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).serverMessage).toBe(
        'Too many attempts. Please wait 58 seconds and try again.',
      );
      expect(calls.filter((c) => c.url.endsWith(path))).toHaveLength(1);
    },
  );

  it('[P128] [P138] raises the membership notice on a 403 from a member API', async () => {
    answers.push(
      respond(403, { message: 'Your membership is inactive. Update billing to regain access.' }),
    );
    const events: unknown[] = [];
    window.addEventListener('th:membership-notice', (e) => events.push((e as CustomEvent).detail));
    await expect(api.call(courseEndpoints.getCourses)).rejects.toBeInstanceOf(ApiError);
    expect(JSON.parse(sessionStorage.getItem(MEMBERSHIP_NOTICE_KEY)!).message).toBe(
      'Your membership is inactive. Update billing to regain access.',
    );
    expect(events).toHaveLength(1);
  });

  it.each([
    ['/api/me', () => api.call(entryEndpoints.getProfile)],
    ['/api/logout', () => api.call(authEndpoints.logout)],
    ['/api/alphaorb/overview', () => api.call(alphaorbEndpoints.getOverview)],
    ['/api/staff/members', () => api.call(staffEndpoints.listMembers)],
    ['/api/community/channels', () => api.call(communityEndpoints.listChannels)],
  ])('[P138] leaves a 403 from %s to its caller', async (_path, call) => {
    answers.push(respond(403, { message: 'no' }));
    await expect(call()).rejects.toMatchObject({ status: 403 });
    expect(sessionStorage.getItem(MEMBERSHIP_NOTICE_KEY)).toBeNull();
  });

  it.each([401, 419, 440])('[P129] [P140] signs out when /api/me answers %i', async (status) => {
    storeAuth('token-1', Math.floor(Date.now() / 1000) + 60);
    let forced = 0;
    const listener = () => (forced += 1);
    window.addEventListener(FORCED_LOGOUT_EVENT, listener);
    answers.push(respond(status, { message: 'Unauthenticated.' }));
    await expect(api.call(entryEndpoints.getProfile)).rejects.toMatchObject({ status });
    window.removeEventListener(FORCED_LOGOUT_EVENT, listener);
    expect(forced).toBe(1);
    expect(localStorage.getItem('th_auth')).toBeNull();
  });

  /** The destinations of forced sign-outs and the membership notices raised during `call`. */
  async function redirects(call: () => Promise<unknown>) {
    const signOuts: Array<string | undefined> = [];
    const notices: unknown[] = [];
    const onSignOut = (e: Event) => signOuts.push((e as CustomEvent<string | undefined>).detail);
    const onNotice = (e: Event) => notices.push((e as CustomEvent).detail);
    window.addEventListener(FORCED_LOGOUT_EVENT, onSignOut);
    window.addEventListener('th:membership-notice', onNotice);
    await call().catch(() => undefined);
    window.removeEventListener(FORCED_LOGOUT_EVENT, onSignOut);
    window.removeEventListener('th:membership-notice', onNotice);
    return { signOuts, notices };
  }

  it.each([401, 403, 419, 440])(
    '[T96] signs out to sign-in, and back to the day afterwards, when a journal call answers %i',
    async (status) => {
      window.history.replaceState(null, '', '/tradedesk/day/2026-11-10?trade=t1');
      storeAuth('token-1', Math.floor(Date.now() / 1000) + 60);
      answers.push(respond(status, { message: 'no' }));
      const { signOuts, notices } = await redirects(() =>
        api.call(journalEndpoints.getJournalDay, { params: { date: '2026-11-10' } }),
      );
      // One redirect: to sign-in, never also to the account area or the marketing home.
      expect(signOuts).toEqual([
        `/account/login?next=${encodeURIComponent('/tradedesk/day/2026-11-10?trade=t1')}`,
      ]);
      expect(notices).toEqual([]);
      expect(localStorage.getItem('th_auth')).toBeNull();
    },
  );

  it('[T96] signs the daily log out on a 403 from its trades, without the membership notice', async () => {
    window.history.replaceState(null, '', '/tradedesk/day/2026-11-10');
    answers.push(
      respond(403, { message: 'Your membership is inactive.' }),
      respond(403, { message: 'Your membership is inactive.' }),
    );
    const daily = await redirects(() =>
      api.call(entryEndpoints.getOrderHistory, { authFailure: 'sign-in' }),
    );
    expect(daily).toEqual({
      signOuts: [`/account/login?next=${encodeURIComponent('/tradedesk/day/2026-11-10')}`],
      notices: [],
    });
    // The same call from TradeDesk or the trade log keeps the membership guard.
    const elsewhere = await redirects(() => api.call(entryEndpoints.getOrderHistory));
    expect(elsewhere.signOuts).toEqual([]);
    expect(elsewhere.notices).toHaveLength(1);
  });

  it('describes failures with the server message, joined field errors, or the fallback', async () => {
    answers.push(
      respond(422, { message: '', errors: { a: ['First.'], b: ['Second.'] } }),
      respond(500, undefined),
    );
    const first = await api
      .call(tradeEndpoints.createManualTrade, { body: { instrument: 'ES' } })
      .catch((e: unknown) => e);
    expect(describeError(first, 'fallback')).toBe('First. Second.');
    const second = await api.call(entryEndpoints.getOrderHistory).catch((e: unknown) => e);
    expect(describeError(second, (status) => `Failed to load trades (${status})`)).toBe(
      'Failed to load trades (500)',
    );
    // No answer: the status is unknown, the caller's words for that case.
    const offline = new NetworkError('Unable to reach the server.');
    expect(
      describeError(offline, (status) => (status === null ? 'Offline.' : `Failed (${status})`)),
    ).toBe('Offline.');
  });

  it('words a failure by its status alone when the spec leaves the server message out', async () => {
    answers.push(respond(500, { message: 'Server Error' }));
    const failed = await api.call(entryEndpoints.getOrderHistory).catch((e: unknown) => e);
    const words = (status: number | null) => (status === null ? 'Offline.' : `Failed (${status})`);
    expect(describeStatus(failed, words)).toBe('Failed (500)');
    expect(describeStatus(new NetworkError('Unable to reach the server.'), words)).toBe('Offline.');
  });
});
