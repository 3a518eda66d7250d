/**
 * TradeDesk's first-calls script (named in its document, run before the entry) sends the profile
 * and the month's calls; the app then takes those answers instead of asking again.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileQueryKey } from '@/features/auth/api/get-profile';
import { storeAuth } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';
import { tradeDataKeys } from '@/lib/trade-data';
import { loader as tradeDeskLoader } from './app/routes/tradedesk-loader';
import { start } from './first-calls';

const PROFILE = { id: 7, status: 'active', permissions: [], roles: [], timezone: 'America/Toronto' };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Every call the page sends, with its headers; the trade calls answer with their own path. */
function api() {
  const sent: { url: string; authorization: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push({ url, authorization: new Headers(init.headers).get('Authorization') });
      const { pathname } = new URL(url, location.origin);
      return Promise.resolve(json(pathname === '/api/me' ? PROFILE : { data: [], meta: { asked: pathname } }));
    }),
  );
  return sent;
}

const loaderArgs = (url: string) => ({ request: new Request(url), params: {}, context: {} }) as LoaderFunctionArgs;

describe('TradeDesk’s first-calls script', () => {
  beforeEach(() => {
    delete (window as { __thFirstCalls?: unknown }).__thFirstCalls;
    window.history.replaceState(null, '', '/tradedesk?month=2025-06');
  });
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('sends the profile and the month’s calls, and the app takes their answers without asking again', async () => {
    const sent = api();
    storeAuth('member-token', Date.now() / 1000 + 3600);
    start();
    expect(sent.map((call) => new URL(call.url, location.origin).pathname)).toEqual(['/api/me', '/api/trades/order-history', '/api/trades/day-summaries']);
    expect(sent.every((call) => call.authorization === 'Bearer member-token')).toBe(true);

    await tradeDeskLoader(loaderArgs('http://localhost/tradedesk?month=2025-06'));
    expect(sent).toHaveLength(3);
    expect(queryClient.getQueryData(profileQueryKey)).toMatchObject({ id: 7 });
    const month = queryClient.getQueriesData({ queryKey: tradeDataKeys.all }).map(([, data]) => (data as { meta: { asked: string } }).meta.asked);
    expect(month.sort()).toEqual(['/api/trades/day-summaries', '/api/trades/order-history']);
  });

  it('asks nothing without a stored sign-in, or once the app has asked for its first calls itself', async () => {
    const sent = api();
    start();
    expect(sent).toHaveLength(0);

    storeAuth('member-token', Date.now() / 1000 + 3600);
    await tradeDeskLoader(loaderArgs('http://localhost/tradedesk?month=2025-06'));
    const asked = sent.length;
    start();
    expect(sent).toHaveLength(asked);
  });
});
