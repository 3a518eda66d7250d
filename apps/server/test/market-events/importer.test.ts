import { readFileSync } from 'node:fs';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketEventImports, marketEvents } from '../../src/db/schema/index.ts';
import { importMarketEvents } from '../../src/modules/market-events/importer.ts';
import { SAMPLE_WEEK_PATH, sampleWeekFeed } from '../../src/modules/market-events/sample-week.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-01-07T15:00:00Z') });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.delete(marketEvents);
  await t.ctx.db.delete(marketEventImports);
});

const sample = readFileSync(SAMPLE_WEEK_PATH, 'utf8');
type FeedEvent = { title: string; country: string; date: string; impact: string; forecast: string; previous: string; actual?: string };
const sampleEvents = () => JSON.parse(sample) as FeedEvent[];
const stored = () => t.ctx.db.select().from(marketEvents).orderBy(asc(marketEvents.startsAt), asc(marketEvents.title));
const imports = () => t.ctx.db.select().from(marketEventImports).orderBy(asc(marketEventImports.startedAt));

describe('importMarketEvents', () => {
  it('imports the bundled sample week with every field', async () => {
    const result = await importMarketEvents(t.ctx, 'sample', sample);
    expect(result).toEqual({ status: 'succeeded', received: 47, inserted: 47, updated: 0, removed: 0 });
    const rows = await stored();
    expect(rows).toHaveLength(47);
    const nfp = rows.find((r) => r.title === 'Non-Farm Employment Change')!;
    expect(nfp).toMatchObject({
      currency: 'USD',
      country: 'United States',
      impact: 'High',
      forecast: '159K',
      previous: '143K',
      actual: '151K',
    });
    expect(nfp.startsAt.toISOString()).toBe('2025-03-07T13:30:00.000Z');
    const holiday = rows.find((r) => r.impact === 'Holiday')!;
    expect(holiday).toMatchObject({ title: 'Bank Holiday', currency: 'JPY', forecast: null, previous: null, actual: null });
    const [log] = await imports();
    expect(log).toMatchObject({ source: 'sample', status: 'succeeded', received: 47, inserted: 47, error: null });
    expect(log!.windowFrom!.toISOString()).toBe('2025-03-02T05:00:00.000Z'); // Sunday 00:00 New York
    expect(log!.windowTo!.toISOString()).toBe('2025-03-09T05:00:00.000Z');
  });

  it('updates on re-import, keeps ids, and drops cancelled events of the week', async () => {
    await importMarketEvents(t.ctx, 'sample', sample);
    const before = await stored();
    const events = sampleEvents().filter((e) => e.title !== 'Beige Book');
    const claims = events.find((e) => e.title === 'Unemployment Claims')!;
    claims.actual = '225K';
    claims.date = '2025-03-06T09:30:00-05:00'; // rescheduled an hour later
    const result = await importMarketEvents(t.ctx, 'sample', JSON.stringify(events));
    expect(result).toEqual({ status: 'succeeded', received: 46, inserted: 0, updated: 46, removed: 1 });
    const after = await stored();
    expect(after.map((r) => r.title)).not.toContain('Beige Book');
    const beforeClaims = before.find((r) => r.title === 'Unemployment Claims')!;
    const afterClaims = after.find((r) => r.title === 'Unemployment Claims')!;
    expect(afterClaims.id).toBe(beforeClaims.id);
    expect(afterClaims).toMatchObject({ actual: '225K' });
    expect(afterClaims.startsAt.toISOString()).toBe('2025-03-06T14:30:00.000Z');
  });

  it('keeps other weeks when a new week arrives', async () => {
    await importMarketEvents(t.ctx, 'sample', sample);
    const nextWeek = sampleWeekFeed(new Date('2025-03-12T12:00:00Z'));
    const result = await importMarketEvents(t.ctx, 'sample', nextWeek);
    expect(result).toMatchObject({ status: 'succeeded', inserted: 47, removed: 0 });
    expect(await stored()).toHaveLength(94);
  });

  it.each([
    ['an HTML page', '<!DOCTYPE html><html><body>Request denied</body></html>', 'The feed answered with HTML instead of JSON.'],
    ['text that is not JSON', 'Service Unavailable', 'The feed answer is not JSON.'],
    ['an empty week', '[]', 'the feed has no events'],
    ['an object instead of a list', '{"events":[]}', 'The feed has the wrong shape'],
    [
      'an event without a date offset',
      JSON.stringify([{ title: 'CPI m/m', country: 'USD', date: '2025-03-12 08:30', impact: 'High', forecast: '0.3%', previous: '0.5%' }]),
      'event 0.date: date must be an ISO date-time with an offset',
    ],
    [
      'an unknown impact level',
      JSON.stringify([{ title: 'CPI m/m', country: 'USD', date: '2025-03-12T08:30:00-04:00', impact: 'Extreme', forecast: '', previous: '' }]),
      'event 0.impact: impact must be High, Medium, Low or Holiday',
    ],
    [
      'a missing title',
      JSON.stringify([{ country: 'USD', date: '2025-03-12T08:30:00-04:00', impact: 'High', forecast: '', previous: '' }]),
      'event 0.title',
    ],
  ])('refuses %s and keeps the previous calendar', async (_case, body, message) => {
    await importMarketEvents(t.ctx, 'feed', sample);
    const before = await stored();
    const result = await importMarketEvents(t.ctx, 'feed', body);
    expect(result.status).toBe('failed');
    expect(result.status === 'failed' && result.error).toContain(message);
    expect(await stored()).toEqual(before);
    const log = (await imports()).at(-1)!;
    expect(log).toMatchObject({ source: 'feed', status: 'failed', inserted: 0, removed: 0 });
    expect(log.error).toContain(message);
    expect(log.finishedAt).not.toBeNull();
  });
});
