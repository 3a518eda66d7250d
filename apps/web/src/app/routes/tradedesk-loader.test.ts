/**
 * TradeDesk's loader holds the page until the month's answers are in when they come quickly, so
 * the page renders once, with the figures, rather than its loading state first; slow answers do
 * not hold it past QUICK_MONTH_MS.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { daySummariesQueryOptions } from '@/features/journal/api/get-day-summaries';
import { tradeDeskCalls } from '@/features/journal/utils/tradedesk-calls';
import { storeAuth } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';
import { loader, QUICK_MONTH_MS } from './tradedesk-loader';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const PROFILE = { id: 7, status: 'active', permissions: [], roles: [], timezone: 'America/Toronto' };
const DAYS = { data: [{ date: '2025-06-10', trades: 3, net: 120, wins: 2, losses: 1 }], meta: {} };

/** The profile answers at once; the trade calls only when `answerTrades` is called. */
function api() {
  const waiting: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const path = new URL(url, location.origin).pathname;
      if (path === '/api/me') return Promise.resolve(json(PROFILE));
      return new Promise<Response>((resolve) => waiting.push(() => resolve(json(path === '/api/trades/day-summaries' ? DAYS : { data: [], meta: {} }))));
    }),
  );
  storeAuth('member-token', Date.now() / 1000 + 3600);
  return { answerTrades: () => waiting.forEach((answer) => answer()) };
}

const args = (url: string) => ({ request: new Request(url), params: {}, context: {} }) as LoaderFunctionArgs;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const summariesKey = daySummariesQueryOptions(tradeDeskCalls('2025-06', '').summaries).queryKey;

describe('TradeDesk’s loader', () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('waits for quick month answers, so the page first renders with the figures', async () => {
    const { answerTrades } = api();
    let settled = false;
    const loaded = loader(args('http://localhost/tradedesk?month=2025-06')).then(() => (settled = true));
    await wait(20);
    // The profile is in, the month is not: the page is not shown yet.
    expect(settled).toBe(false);
    answerTrades();
    await loaded;
    expect(queryClient.getQueryData(summariesKey)).toEqual(DAYS);
  });

  it('does not hold the page past QUICK_MONTH_MS for slow answers', async () => {
    api();
    const begun = performance.now();
    await loader(args('http://localhost/tradedesk?month=2025-06'));
    const took = performance.now() - begun;
    expect(took).toBeGreaterThanOrEqual(QUICK_MONTH_MS - 5);
    expect(took).toBeLessThan(QUICK_MONTH_MS + 500);
    expect(queryClient.getQueryData(summariesKey)).toBeUndefined();
  });

  it('does not hold a later visit or a change of month, which keep the page on screen meanwhile', async () => {
    api();
    queryClient.setQueryData(profileQueryOptions().queryKey, PROFILE as never);
    const begun = performance.now();
    await loader(args('http://localhost/tradedesk?month=2025-06'));
    expect(performance.now() - begun).toBeLessThan(QUICK_MONTH_MS / 2);
  });
});
