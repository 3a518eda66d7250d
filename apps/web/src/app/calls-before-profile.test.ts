/**
 * TradeDesk's and the daily log's loaders send their calls while the profile is in flight, and a
 * suspended member's refused calls leave everything to the membership guard.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { storeAuth } from '@/lib/auth-storage';
import { readMembershipNotice, clearMembershipNotice } from '@/lib/membership-notice';
import { onForcedLogout } from '@/lib/session-events';
import { queryClient } from '@/lib/query-client';
import { tradeDataKeys } from '@/lib/trade-data';
import { requireActiveMembership } from './guards';
import { loader as dailyLogLoader } from './routes/tradedesk-day-loader';
import { loader as tradeDeskLoader } from './routes/tradedesk-loader';

vi.mock('lightweight-charts', () => import('../../test/chart-stub'));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const PROFILE = { id: 7, status: 'active', permissions: [], roles: [], timezone: 'America/Toronto' };

/**
 * The API as the loaders meet it: the profile answers only when `answerProfile` is called; the
 * trade calls answer at once, or 403 for a suspended member. Returns the paths sent, in order.
 */
function api(status: 'active' | 'suspended', refuseTrades = status === 'suspended') {
  const sent: string[] = [];
  const queries: string[] = [];
  let answerProfile = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const { pathname: path, search } = new URL(url, location.origin);
      sent.push(path);
      queries.push(search);
      if (path === '/api/me') return new Promise<Response>((resolve) => (answerProfile = () => resolve(json({ ...PROFILE, status }))));
      return Promise.resolve(refuseTrades ? json({ message: 'Your membership is inactive.' }, 403) : json({ data: [], meta: {} }));
    }),
  );
  storeAuth('member-token', Date.now() / 1000 + 3600);
  return { sent, queries, answerProfile: () => answerProfile() };
}

const args = (url: string, params: Record<string, string> = {}) => ({ request: new Request(url), params, context: {} }) as LoaderFunctionArgs;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('calls sent before the profile answers', () => {
  afterEach(() => {
    queryClient.clear();
    clearMembershipNotice();
    vi.unstubAllGlobals();
  });

  it('TradeDesk’s month calls and the daily log’s trades leave while /api/me is in flight', async () => {
    const { sent, answerProfile } = api('active');
    const month = tradeDeskLoader(args('http://localhost/tradedesk?month=2025-06'));
    const day = dailyLogLoader(args('http://localhost/tradedesk/day/2025-06-10', { date: '2025-06-10' }));
    await settle();
    expect(sent.filter((path) => path === '/api/me')).toHaveLength(1);
    expect(sent.filter((path) => path !== '/api/me').sort()).toEqual(['/api/trades/day-summaries', '/api/trades/order-history', '/api/trades/order-history']);
    answerProfile();
    await expect(Promise.all([month, day])).resolves.toEqual([null, null]);
  });

  it('a trade named in the daily log’s address has its chart call leave with the day’s trades, under the key the page reads', async () => {
    const { sent, queries, answerProfile } = api('active');
    const day = dailyLogLoader(args('http://localhost/tradedesk/day/2025-06-10?trade=t-42', { date: '2025-06-10' }));
    await settle();
    expect(sent.filter((path) => path !== '/api/me').sort()).toEqual(['/api/trades/order-history', '/api/trades/t-42/chart']);
    expect(queries[sent.indexOf('/api/trades/t-42/chart')]).toBe('?timeframe=1');
    // TradeChart opens at 1 minute: its query finds this answer rather than asking again.
    expect(queryClient.getQueryState(tradeDataKeys.tradeChart('t-42', '1'))?.status).toBe('success');
    answerProfile();
    await expect(day).resolves.toBeNull();
  });

  it('a suspended member’s refused calls raise no notice and sign no one out; the guard sends them away as before', async () => {
    const { answerProfile } = api('suspended');
    const loggedOut = vi.fn();
    const stop = onForcedLogout(loggedOut);
    const month = tradeDeskLoader(args('http://localhost/tradedesk'));
    const day = dailyLogLoader(args('http://localhost/tradedesk/day/2025-06-10', { date: '2025-06-10' }));
    await settle();
    // Both refusals are in: neither said anything.
    expect(readMembershipNotice()).toBeNull();
    answerProfile();
    await Promise.all([month, day]);
    const guard = await requireActiveMembership(args('http://localhost/tradedesk')).catch((redirect: Response) => redirect);
    expect((guard as Response).headers.get('Location')).toBe(paths.accountSuspended);
    expect(readMembershipNotice()?.message).toBe('Your membership is inactive. Manage billing to restore access.');
    await settle();
    expect(loggedOut).not.toHaveBeenCalled();
    stop();
  });

  it('a call refused while the profile then lets the member in is dropped, so the page asks again under its own rules', async () => {
    const { answerProfile } = api('active', true);
    const month = tradeDeskLoader(args('http://localhost/tradedesk?month=2025-06'));
    await settle();
    expect(queryClient.getQueryCache().findAll({ queryKey: ['trade-data'] }).map((query) => query.state.status)).toEqual(['error', 'error']);
    answerProfile();
    await month;
    await settle();
    expect(queryClient.getQueryCache().findAll({ queryKey: ['trade-data'] }).map((query) => query.state.status)).toEqual(['pending', 'pending']);
  });
});
