import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleWeekFeed } from '../../src/modules/market-events/sample-week.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let feedBody = '[]';
const feed = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(feedBody);
});

let t: TestApp;
let admin: string;
let mentor: string;
let member: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  const port = (feed.address() as AddressInfo).port;
  t = await createTestApp({ env: { MARKET_EVENTS_FEED_URL: `http://127.0.0.1:${port}/week.json` } });
  const a = await createMember(t.ctx, { roles: ['admin'] });
  const m = await createMember(t.ctx, { roles: ['mentor'] });
  const plain = await createMember(t.ctx);
  [admin, mentor, member] = await Promise.all([
    t.login(a.email, a.password),
    t.login(m.email, m.password),
    t.login(plain.email, plain.password),
  ]);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => feed.close(() => resolve()));
});

const audit = async (subjectType: string) =>
  t.ctx.database.query<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    'select action, before, after from audit_log where subject_type = $1 order by id',
    [subjectType],
  );

const session = {
  type: 'live',
  title: 'London Open',
  schedule_text: 'London · 3:00 AM Eastern · Monday to Friday',
  days: [1, 2, 3, 4, 5],
  start_time: '03:00',
  end_time: '04:30',
  timezone: 'America/Toronto',
  meeting_number: '81234567890',
  passcode: 'london300',
  expectations: ['Overnight range', 'London breakout plan'],
  published: true,
};

describe('live sessions', () => {
  let id: string;

  it('creates a session members then see, with the passcode encrypted at rest and kept out of the audit', async () => {
    const bad = await t.call('POST', '/api/staff/live-sessions', { token: mentor, body: { ...session, timezone: 'Mars/Olympus' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.timezone).toEqual(['Choose a valid time zone, e.g. America/Toronto.']);
    const noTime = await t.call('POST', '/api/staff/live-sessions', { token: mentor, body: { ...session, start_time: null } });
    expect(noTime.json().errors.start_time).toEqual(['Live sessions need at least one day and a start time.']);

    const res = await t.call('POST', '/api/staff/live-sessions', { token: mentor, body: session });
    expect(res.statusCode).toBe(200);
    id = res.json().data.id;
    expect(res.json().data).toMatchObject({ time: { hour: 3, minute: 0 }, time_end: { hour: 4, minute: 30 }, passcode: 'london300' });

    const [row] = await t.ctx.database.query<{ passcode_enc: string }>('select passcode_enc from live_sessions where id = $1', [id]);
    expect(row!.passcode_enc).not.toContain('london300');
    const seen = (await t.call('GET', '/api/live-sessions', { token: member })).json().data;
    expect(seen.find((s: { id: string }) => s.id === id)).toMatchObject({ title: 'London Open', passcode: 'london300' });
    const [created] = await audit('live_session');
    expect(created).toMatchObject({ action: 'session.created', after: { title: 'London Open', passcode: '(set)' } });
  });

  it('unpublishing hides a session from members; marking live shows it live', async () => {
    const hidden = await t.call('PUT', `/api/staff/live-sessions/${id}`, { token: mentor, body: { ...session, published: false } });
    expect(hidden.statusCode).toBe(200);
    const seen = (await t.call('GET', '/api/live-sessions', { token: member })).json().data;
    expect(seen.some((s: { id: string }) => s.id === id)).toBe(false);
    await t.call('PUT', `/api/staff/live-sessions/${id}`, { token: mentor, body: session });

    const live = await t.call('PUT', `/api/staff/live-sessions/${id}/live`, { token: mentor, body: { live: true } });
    expect(live.json()).toMatchObject({ message: 'Session marked live.', data: { live_override: true, is_live: true } });
    const now = (await t.call('GET', '/api/live-sessions', { token: member })).json().data;
    expect(now.find((s: { id: string }) => s.id === id).isLive).toBe(true);
    await t.call('PUT', `/api/staff/live-sessions/${id}/live`, { token: mentor, body: { live: false } });
    const actions = (await audit('live_session')).map((a) => a.action);
    expect(actions).toEqual(['session.created', 'session.updated', 'session.updated', 'session.marked_live', 'session.live_cleared']);
  });

  it('adds, edits and deletes replays, each audited', async () => {
    const badLink = await t.call('POST', `/api/staff/live-sessions/${id}/replays`, {
      token: mentor,
      body: { title: 'London: range day', watch_url: 'javascript:alert(1)' },
    });
    expect(badLink.statusCode).toBe(422);
    expect(badLink.json().errors.watch_url).toEqual(['Links must start with https://.']);

    const added = await t.call('POST', `/api/staff/live-sessions/${id}/replays`, {
      token: mentor,
      body: { title: 'London: range day', recorded_on: '2025-03-04', duration_seconds: 5400, topics: ['Range', 'DAX'], watch_url: 'https://zoom.us/rec/share/abc' },
    });
    expect(added.statusCode).toBe(200);
    const replay = added.json().data.replays[0];
    expect(replay).toMatchObject({ title: 'London: range day', duration: 5400, topics: ['Range', 'DAX'], downloadUrl: null });
    expect(replay.recordedAt.slice(0, 10)).toBe('2025-03-04');

    const edited = await t.call('PUT', `/api/staff/live-sessions/${id}/replays/${replay.id}`, {
      token: mentor,
      body: { title: 'London: range day', recorded_on: '2025-03-04', download_url: 'https://zoom.us/rec/download/abc' },
    });
    expect(edited.json().data.replays[0]).toMatchObject({ downloadUrl: 'https://zoom.us/rec/download/abc', watchUrl: null });
    const seen = (await t.call('GET', '/api/live-sessions', { token: member })).json().data;
    expect(seen.find((s: { id: string }) => s.id === id).replays).toHaveLength(1);

    const deleted = await t.call('DELETE', `/api/staff/live-sessions/${id}/replays/${replay.id}`, { token: mentor });
    expect(deleted.json().data.replays).toEqual([]);
    const again = await t.call('DELETE', `/api/staff/live-sessions/${id}/replays/${replay.id}`, { token: mentor });
    expect(again.statusCode).toBe(404);
    expect((await audit('replay')).map((a) => a.action)).toEqual(['replay.created', 'replay.updated', 'replay.deleted']);
  });
});

describe('market events imports', () => {
  it('imports an uploaded feed file and lists the result', async () => {
    const res = await t.call('POST', '/api/staff/market-events/imports/upload', {
      token: admin,
      body: { file_name: 'this-week.json', content: sampleWeekFeed(new Date()) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'succeeded' });
    expect(res.json().message).toMatch(/^Imported \d+ events: \d+ new, 0 updated, 0 removed\.$/);

    const refused = await t.call('POST', '/api/staff/market-events/imports/upload', {
      token: admin,
      body: { file_name: 'error.html', content: '<html>Rate limited</html>' },
    });
    expect(refused.json()).toEqual({ status: 'failed', message: 'Import failed: The feed answered with HTML instead of JSON.' });

    const list = (await t.call('GET', '/api/staff/market-events/imports', { token: admin })).json();
    expect(list.data[0]).toMatchObject({ source: 'upload:error.html', status: 'failed', error: 'The feed answered with HTML instead of JSON.' });
    expect(list.data[1]).toMatchObject({ source: 'upload:this-week.json', status: 'succeeded' });
    expect(list.data[1].inserted).toBeGreaterThan(0);
    expect((await audit('market_events')).map((a) => a.action)).toEqual(['market_events.uploaded', 'market_events.uploaded']);
  });

  it('imports from the configured feed on demand, at most hourly', async () => {
    feedBody = sampleWeekFeed(new Date());
    const res = await t.call('POST', '/api/staff/market-events/imports/fetch', { token: admin });
    expect(res.json().status).toBe('succeeded');
    expect(res.json().message).toMatch(/0 new, \d+ updated/);
    const soon = await t.call('POST', '/api/staff/market-events/imports/fetch', { token: admin });
    expect(soon.json()).toEqual({ status: 'skipped', message: 'Not imported: The feed was asked less than an hour ago.' });
    const list = (await t.call('GET', '/api/staff/market-events/imports', { token: admin })).json();
    expect(list.meta.feed_url).toMatch(/week\.json$/);
  });
});
