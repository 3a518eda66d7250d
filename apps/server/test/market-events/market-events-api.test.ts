import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketEventImports } from '../../src/db/schema/index.ts';
import { importMarketEvents } from '../../src/modules/market-events/importer.ts';
import { fetchMarketEventsFeed } from '../../src/modules/market-events/jobs.ts';
import { SAMPLE_WEEK_PATH, sampleWeekFeed } from '../../src/modules/market-events/sample-week.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const FEED_URL = 'https://calendar.example.test/thisweek.json';
// Wednesday of the sample week, 10:00 in New York.
let now = new Date('2025-03-05T15:00:00Z');

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => now, env: { MARKET_EVENTS_FEED_URL: FEED_URL } });
  const member = await createMember(t.ctx);
  token = await t.login(member.email, member.password);
  await importMarketEvents(t.ctx, 'sample', readFileSync(SAMPLE_WEEK_PATH, 'utf8'));
  // The week before, which must not show.
  await importMarketEvents(t.ctx, 'sample', sampleWeekFeed(new Date('2025-02-26T12:00:00Z')));
});
afterAll(() => t.close());

type Event = Record<string, unknown> & { title: string; impact: string };
const events = async (query = '?scope=all') => {
  const res = await t.call('GET', `/api/market-events${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Event[] }>().data;
};

describe('GET /api/market-events', () => {
  it('requires authentication and an active membership', async () => {
    expect((await t.call('GET', '/api/market-events?scope=all')).statusCode).toBe(401);
    const suspended = await createMember(t.ctx, { status: 'suspended' });
    const res = await t.call('GET', '/api/market-events?scope=all', { token: await t.login(suspended.email, suspended.password) });
    expect(res.statusCode).toBe(403);
  });

  it('[T120] answers this week across all impact levels with scope=all, in time order', async () => {
    const all = await events();
    expect(all).toHaveLength(47);
    expect(new Set(all.map((e) => e.impact))).toEqual(new Set(['High', 'Medium', 'Low', 'Holiday']));
    const times = all.map((e) => e.timestamp as number);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const nfp = all.find((e) => e.title === 'Non-Farm Employment Change')!;
    expect(nfp).toEqual({
      id: expect.any(String),
      title: 'Non-Farm Employment Change',
      currency: 'USD',
      country: 'United States',
      date: '2025-03-07',
      time: '08:30',
      datetime: '2025-03-07T13:30:00.000Z',
      timestamp: Date.parse('2025-03-07T13:30:00Z') / 1000,
      timezone: 'America/Toronto',
      impact: 'High',
      forecast: '159K',
      actual: '151K',
      previous: '143K',
      notes: null,
    });
    expect(all.find((e) => e.impact === 'Holiday')!.time).toBe('All Day');
  });

  it('answers only high-impact events without a scope, and refuses an unknown scope', async () => {
    const high = await events('');
    expect(high.length).toBeGreaterThan(0);
    expect(high.every((e) => e.impact === 'High')).toBe(true);
    const res = await t.call('GET', '/api/market-events?scope=weekly', { token });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain('The scope must be all or high.');
  });

  it('answers an empty list in a week without events', async () => {
    now = new Date('2025-03-19T15:00:00Z');
    expect(await events()).toEqual([]);
    now = new Date('2025-03-05T15:00:00Z');
  });
});

describe('the scheduled feed fetch', () => {
  it('imports the feed, asks it at most hourly, and keeps the calendar when the feed misbehaves', async () => {
    now = new Date('2025-03-05T16:00:00Z');
    const asked: string[] = [];
    const answer = (body: string) => async (url: string) => {
      asked.push(url);
      return body;
    };
    const first = await fetchMarketEventsFeed(t.ctx, answer(readFileSync(SAMPLE_WEEK_PATH, 'utf8')));
    expect(first).toMatchObject({ status: 'succeeded', received: 47, updated: 47, inserted: 0 });
    expect(asked).toEqual([FEED_URL]);

    now = new Date('2025-03-05T16:40:00Z');
    expect(await fetchMarketEventsFeed(t.ctx, answer('[]'))).toMatchObject({ status: 'skipped' });
    expect(asked).toHaveLength(1);

    now = new Date('2025-03-05T17:05:00Z');
    const html = await fetchMarketEventsFeed(t.ctx, answer('<html><title>Too Many Requests</title></html>'));
    expect(html).toEqual({ status: 'failed', error: 'The feed answered with HTML instead of JSON.' });
    expect(await events()).toHaveLength(47);

    now = new Date('2025-03-05T18:10:00Z');
    const down = await fetchMarketEventsFeed(t.ctx, async () => {
      throw new TypeError('fetch failed');
    });
    expect(down).toEqual({ status: 'failed', error: 'The feed could not be reached.' });
    expect(await events()).toHaveLength(47);
    const log = await t.ctx.db.select().from(marketEventImports);
    expect(log.filter((row) => row.source === FEED_URL).map((row) => row.status).sort()).toEqual(['failed', 'failed', 'succeeded']);
  });
});
