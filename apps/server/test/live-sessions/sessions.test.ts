import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { liveSessions } from '../../src/db/schema/index.ts';
import { seedLiveSessions } from '../../src/seed/live-sessions.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { addReplay, createSession } from './support.ts';

// Monday 5 January 2026, 9:30 AM in New York (EST, UTC−5): the New York Open is on air.
let now = new Date('2026-01-05T14:30:00Z');
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  await seedLiveSessions(t.ctx);
  const member = await createMember(t.ctx);
  token = await t.login(member.email, member.password);
});
afterAll(() => t.close());

type Session = {
  id: string;
  title: string;
  type: string;
  isLive: boolean;
  passcode: string | null;
  meetingNumber: string | null;
  replays: { title: string; watchUrl: string | null; duration: number | null }[];
};
const list = async (bearer = token) => {
  const res = await t.call('GET', '/api/live-sessions', { token: bearer });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Session[] }>().data;
};
const byTitle = (sessions: Session[], title: string) => sessions.find((s) => s.title === title)!;

describe('GET /api/live-sessions', () => {
  it('requires authentication', async () => {
    const res = await t.call('GET', '/api/live-sessions');
    expect(res.statusCode).toBe(401);
  });

  it('answers suspended members 403 with the inactive message and no meeting details', async () => {
    const suspended = await createMember(t.ctx, { status: 'suspended' });
    const res = await t.call('GET', '/api/live-sessions', {
      token: await t.login(suspended.email, suspended.password),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Your membership is inactive. Update billing to regain access.',
    });
    expect(res.body).not.toContain('NYopen915');
    expect(res.body).not.toContain('84152093317');
  });

  it('[P107] lists the schedule with meeting details, expectations and newest replays first', async () => {
    const sessions = await list();
    expect(sessions.map((s) => s.title)).toEqual([
      'New York Open',
      'Sunday Setup',
      'Asia Live',
      'Weekly Market Recap',
      'Mentor Deep Dives',
    ]);
    const ny = byTitle(sessions, 'New York Open');
    expect(ny).toMatchObject({
      type: 'live',
      schedule: 'New York · 9:15 AM Eastern · Monday to Friday',
      days: [1, 2, 3, 4, 5],
      time: { hour: 9, minute: 15 },
      time_end: { hour: 11, minute: 0 },
      timezone: 'America/New_York',
      meetingNumber: '84152093317',
      passcode: 'NYopen915',
    });
    expect(ny.replays.map((r) => r.title)).toEqual([
      'NY Open: CPI morning volatility',
      'NY Open: Gap fill on ES',
      'NY Open: Trend day management',
      'NY Open: Failed breakout review',
    ]);
    expect(ny.replays[0]).toMatchObject({
      duration: 104 * 60,
      watchUrl: expect.stringMatching(/^https:\/\//),
    });
    expect(ny.replays[2]!.watchUrl).toBeNull();
    expect(byTitle(sessions, 'Sunday Setup')).toMatchObject({
      expectations: [],
      time_end: { hour: 21, minute: 0 },
    });
  });

  it('keeps the passcode encrypted at rest', async () => {
    const [row] = await t.ctx.db
      .select()
      .from(liveSessions)
      .where(eq(liveSessions.title, 'New York Open'));
    expect(row!.passcodeEnc).not.toContain('NYopen915');
    expect(row!.passcodeEnc!.split('.')).toHaveLength(3);
  });

  it('[P103] computes live now in the session zone; recaps never are; the staff override wins', async () => {
    let sessions = await list();
    expect(byTitle(sessions, 'New York Open').isLive).toBe(true);
    expect(byTitle(sessions, 'Asia Live').isLive).toBe(false);

    // 11:00 AM New York: the end is exclusive.
    now = new Date('2026-01-05T16:00:00Z');
    expect(byTitle(await list(), 'New York Open').isLive).toBe(false);

    // Wednesday 9:30 PM Toronto: Asia Live runs 8–10 PM.
    now = new Date('2026-01-08T02:30:00Z');
    sessions = await list();
    expect(byTitle(sessions, 'Asia Live').isLive).toBe(true);
    expect(byTitle(sessions, 'New York Open').isLive).toBe(false);

    await t.ctx.db
      .update(liveSessions)
      .set({ isLiveOverride: true })
      .where(eq(liveSessions.type, 'recap'));
    await t.ctx.db
      .update(liveSessions)
      .set({ isLiveOverride: true })
      .where(eq(liveSessions.title, 'Sunday Setup'));
    sessions = await list();
    expect(byTitle(sessions, 'Sunday Setup').isLive).toBe(true);
    expect(byTitle(sessions, 'Weekly Market Recap').isLive).toBe(false);
    now = new Date('2026-01-05T14:30:00Z');
  });

  it('leaves out unpublished sessions', async () => {
    await createSession(t.ctx, { title: 'Draft session', published: false });
    expect((await list()).some((s) => s.title === 'Draft session')).toBe(false);
  });

  it('shows a session without replays or passcode as such', async () => {
    const session = await createSession(t.ctx, {
      title: 'Open Q&A',
      passcode: null,
      sortOrder: 99,
    });
    await addReplay(t.ctx, session.id, { title: 'Processing', topics: ['Q&A'] });
    const shown = byTitle(await list(), 'Open Q&A');
    expect(shown.passcode).toBeNull();
    expect(shown.replays).toEqual([
      expect.objectContaining({
        title: 'Processing',
        watchUrl: null,
        downloadUrl: null,
        recordedAt: null,
        topics: ['Q&A'],
      }),
    ]);
  });
});
