import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { liveSessions, replays, sessionAttendance, zoomEvents } from '../../src/db/schema/index.ts';
import { createFakeZoom, type ZoomDelivery } from '../support/fake-zoom.ts';
import { signedInMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createSession } from './support.ts';

const SECRET = 'zoom-secret-token-for-tests';
// Tuesday 6 January 2026, 8:00 AM in New York: before the 9:15 session, so the schedule says not live.
let now = new Date('2026-01-06T13:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
let t: TestApp;
let member: Awaited<ReturnType<typeof signedInMember>>;
let mentor: Awaited<ReturnType<typeof signedInMember>>;
const zoom = createFakeZoom(SECRET, () => now);

beforeAll(async () => {
  t = await createTestApp({ now: () => now, env: { ZOOM_WEBHOOK_SECRET: SECRET } });
  member = await signedInMember(t);
  mentor = await signedInMember(t, { roles: ['mentor'] });
});
afterAll(() => t.close());

const send = (delivery: ZoomDelivery) =>
  t.app.inject({ method: 'POST', url: '/api/zoom/webhook', headers: delivery.headers, payload: delivery.body });

type Session = { id: string; isLive: boolean; meeting: { state: string } | null; replays: { title: string; passcode: string | null }[] };
const sessionSeen = async (id: string) => {
  const res = await t.call('GET', '/api/live-sessions', { token: member.token });
  return res.json<{ data: Session[] }>().data.find((s) => s.id === id)!;
};
const eventsStored = async () => (await t.ctx.db.select({ n: count() }).from(zoomEvents))[0]!.n;

describe('POST /api/zoom/webhook: verification', () => {
  it('answers the URL validation challenge with the HMAC of the plain token', async () => {
    const res = await send(zoom.deliver(zoom.urlValidation('qgg8vlvZRS6UYooatFL8Aw')));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      plainToken: 'qgg8vlvZRS6UYooatFL8Aw',
      encryptedToken: createHmac('sha256', SECRET).update('qgg8vlvZRS6UYooatFL8Aw').digest('hex'),
    });
  });

  it('refuses an unsigned challenge: it would sign any text the sender chose', async () => {
    const { body } = zoom.deliver(zoom.urlValidation('v0:123:{"event":"meeting.started"}'));
    const res = await t.app.inject({ method: 'POST', url: '/api/zoom/webhook', headers: { 'content-type': 'application/json' }, payload: body });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('encryptedToken');
  });

  it('a forged event (signed with another secret) changes nothing', async () => {
    const session = await createSession(t.ctx, { meetingNumber: '81000000001' });
    const res = await send(zoom.deliver(zoom.meetingStarted('81000000001'), { secret: 'not-the-secret-token' }));
    expect(res.statusCode).toBe(401);
    expect((await sessionSeen(session.id)).isLive).toBe(false);
    expect(await eventsStored()).toBe(0);
  });

  it('an event whose body was altered after signing changes nothing', async () => {
    const session = await createSession(t.ctx, { meetingNumber: '81000000002' });
    const genuine = zoom.deliver(zoom.meetingStarted('81000000009'));
    const res = await send({ ...genuine, body: genuine.body.replace('81000000009', '81000000002') });
    expect(res.statusCode).toBe(401);
    expect((await sessionSeen(session.id)).isLive).toBe(false);
  });

  it('a stale event (signed more than five minutes ago) changes nothing, even correctly signed', async () => {
    const session = await createSession(t.ctx, { meetingNumber: '81000000003' });
    const sixMinutesAgo = Math.floor(now.getTime() / 1000) - 6 * 60;
    const res = await send(zoom.deliver(zoom.meetingStarted('81000000003'), { timestamp: sixMinutesAgo }));
    expect(res.statusCode).toBe(401);
    expect((await sessionSeen(session.id)).isLive).toBe(false);
    const fourMinutesAgo = Math.floor(now.getTime() / 1000) - 4 * 60;
    expect((await send(zoom.deliver(zoom.meetingStarted('81000000003'), { timestamp: fourMinutesAgo }))).statusCode).toBe(200);
  });

  it('a replayed event is applied once: the second delivery is acknowledged as a duplicate', async () => {
    const session = await createSession(t.ctx, { meetingNumber: '81000000004' });
    const started = zoom.deliver(zoom.meetingStarted('81000000004', { uuid: 'meeting-4' }));
    const ended = zoom.deliver(zoom.meetingEnded('81000000004', { uuid: 'meeting-4', at: minutes(1) }));
    expect((await send(started)).json()).toEqual({ received: true });
    now = minutes(2);
    expect((await send(ended)).json()).toEqual({ received: true });
    // The captured start, sent again: without idempotency it would put the session back on air.
    const again = await send(started);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect((await sessionSeen(session.id)).meeting?.state).toBe('ended');
  });

  it('acknowledges and ignores an event for a meeting no session uses', async () => {
    const before = await t.ctx.db.select().from(liveSessions);
    const res = await send(zoom.deliver(zoom.meetingStarted('89999999999')));
    expect(res.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(liveSessions)).toEqual(before);
  });

  it('answers 503 when no secret token is configured', async () => {
    const bare = await createTestApp();
    try {
      const delivery = zoom.deliver(zoom.meetingStarted('81000000001'));
      const res = await bare.app.inject({ method: 'POST', url: '/api/zoom/webhook', headers: delivery.headers, payload: delivery.body });
      expect(res.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

describe('Zoom meeting events drive live now', () => {
  it('meeting.started puts the session live before its scheduled start; meeting.ended takes it off', async () => {
    const session = await createSession(t.ctx, { meetingNumber: '82000000001' });
    expect((await sessionSeen(session.id)).isLive).toBe(false);
    await send(zoom.deliver(zoom.meetingStarted('82000000001', { uuid: 'm-82-1' })));
    expect(await sessionSeen(session.id)).toMatchObject({ isLive: true, meeting: { state: 'started' } });
    now = minutes(1);
    await send(zoom.deliver(zoom.meetingEnded('82000000001', { uuid: 'm-82-1' })));
    expect((await sessionSeen(session.id)).isLive).toBe(false);
  });

  it('an ended meeting closes the scheduled occurrence early; the schedule decides again next time', async () => {
    const session = await createSession(t.ctx, { meetingNumber: '82000000002' });
    const saved = now;
    now = new Date('2026-01-06T14:30:00Z'); // 9:30 New York: on air by the schedule
    expect((await sessionSeen(session.id)).isLive).toBe(true);
    await send(zoom.deliver(zoom.meetingEnded('82000000002')));
    expect((await sessionSeen(session.id)).isLive).toBe(false);
    now = new Date('2026-01-07T14:30:00Z'); // next day, no Zoom event yet
    expect((await sessionSeen(session.id)).isLive).toBe(true);
    now = saved;
  });

  it('a late redelivery of an older start does not undo a newer end', async () => {
    const session = await createSession(t.ctx, { meetingNumber: '82000000003' });
    const oldStart = zoom.meetingStarted('82000000003', { uuid: 'm-82-3', at: minutes(-3) });
    await send(zoom.deliver(zoom.meetingEnded('82000000003', { uuid: 'm-82-3', at: minutes(-1) })));
    await send(zoom.deliver(oldStart));
    expect((await sessionSeen(session.id)).meeting?.state).toBe('ended');
  });
});

describe('Zoom participant events record attendance', () => {
  it('matches participants to members by e-mail and records join and leave', async () => {
    const session = await createSession(t.ctx, { meetingNumber: '83000000001' });
    const joinedAt = now;
    await send(zoom.deliver(zoom.participantJoined('83000000001', { uuid: 'm-83', participantId: 'p-1', email: member.email.toUpperCase() })));
    await send(zoom.deliver(zoom.participantJoined('83000000001', { uuid: 'm-83', email: 'guest@elsewhere.example' })));
    now = minutes(45);
    await send(zoom.deliver(zoom.participantLeft('83000000001', { uuid: 'm-83', participantId: 'p-1', email: member.email })));
    const rows = await t.ctx.db.select().from(sessionAttendance).where(eq(sessionAttendance.sessionId, session.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: member.id, joinedAt, leftAt: now });

    // Staff read it per session and per member; members cannot.
    const perSession = await t.call('GET', `/api/staff/live-sessions/${session.id}/attendance`, { token: mentor.token });
    expect(perSession.json().data).toEqual([
      expect.objectContaining({ user_id: member.id, member_email: member.email, minutes: 45, left_at: now.toISOString() }),
    ]);
    const perMember = await t.call('GET', `/api/staff/live-sessions/attendance/members/${member.id}`, { token: mentor.token });
    expect(perMember.json().data).toEqual([expect.objectContaining({ session_id: session.id, session_title: session.title, minutes: 45 })]);
    const asMember = await t.call('GET', `/api/staff/live-sessions/${session.id}/attendance`, { token: member.token });
    expect(asMember.statusCode).toBe(403);
  });
});

describe('recording.completed creates the replay', () => {
  it('as a draft by default: staff see it, members do not', async () => {
    const session = await createSession(t.ctx, { meetingNumber: '84000000001', title: 'Draft Room' });
    await send(zoom.deliver(zoom.recordingCompleted('84000000001', { uuid: 'm-84-1', minutes: 95, passcode: 'Pa55#word' })));
    const [row] = await t.ctx.db.select().from(replays).where(eq(replays.sessionId, session.id));
    expect(row).toMatchObject({ published: false, durationSeconds: 95 * 60 });
    expect(row!.title).toMatch(/^Draft Room — Jan \d+, 2026$/);
    expect(row!.watchUrl).toMatch(/^https:\/\/zoom\.us\/rec\/share\//);
    // Encrypted at rest like meeting passcodes.
    expect(row!.passcodeEnc).not.toContain('Pa55#word');
    expect((await sessionSeen(session.id)).replays).toEqual([]);

    // Staff see the draft with its passcode, edit it and publish it: then members see it.
    const staffView = await t.call('GET', `/api/staff/live-sessions/${session.id}`, { token: mentor.token });
    const draft = staffView.json().data.replays[0];
    expect(draft).toMatchObject({ published: false, passcode: 'Pa55#word', duration: 95 * 60 });
    const edit = await t.call('PUT', `/api/staff/live-sessions/${session.id}/replays/${draft.id}`, {
      token: mentor.token,
      body: { title: 'Draft Room: FOMC day', recorded_on: '2026-01-06', duration_seconds: 95 * 60, watch_url: draft.watchUrl, passcode: 'Pa55#word', mentor: 'Dana Cole', published: true },
    });
    expect(edit.statusCode).toBe(200);
    expect((await sessionSeen(session.id)).replays).toEqual([
      expect.objectContaining({ title: 'Draft Room: FOMC day', mentor: 'Dana Cole', passcode: 'Pa55#word' }),
    ]);
  });

  it('published at once when staff set the session so, with its play passcode', async () => {
    const session = await createSession(t.ctx, { meetingNumber: '84000000002', passcode: null });
    const setting = await t.call('PUT', `/api/staff/live-sessions/${session.id}`, {
      token: mentor.token,
      body: { type: 'live', title: session.title, days: [1, 2, 3, 4, 5], start_time: '09:15', end_time: '11:00', timezone: 'America/New_York', meeting_number: '84000000002', replay_publishing: 'published' },
    });
    expect(setting.json().data.replay_publishing).toBe('published');
    const delivery = zoom.deliver(zoom.recordingCompleted('84000000002', { uuid: 'm-84-2', passcode: 'Pa55#word' }));
    await send(delivery);
    now = minutes(1);
    // Zoom re-sends a recording.completed for the same meeting (re-processing): still one replay.
    await send(zoom.deliver(zoom.recordingCompleted('84000000002', { uuid: 'm-84-2', passcode: 'Pa55#word' })));
    const seen = await sessionSeen(session.id);
    expect(seen.replays).toHaveLength(1);
    expect(seen.replays[0]!.passcode).toBe('Pa55#word');
  });
});
