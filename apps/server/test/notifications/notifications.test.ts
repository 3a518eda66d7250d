import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createProcessMemory, type AppContext } from '../../src/context.ts';
import { liveSessions, notificationDeliveries, notifications, users } from '../../src/db/schema/index.ts';
import { deliverDueNotifications } from '../../src/modules/notifications/delivery.ts';
import { notify } from '../../src/modules/notifications/index.ts';
import { sendSessionReminders } from '../../src/modules/notifications/reminders.ts';
import { createFakeZoom } from '../support/fake-zoom.ts';
import { createMember, signedInMember } from '../support/members.ts';
import type { Mail } from '../../src/modules/mail/mailer.ts';
import { captureMailer, createTestApp, secondInstance, type TestApp } from '../support/test-app.ts';
import { createSession } from '../live-sessions/support.ts';

const SECRET = 'zoom-secret-token-for-notifications';
// Tuesday 6 January 2026, 8:00 AM in New York.
let now = new Date('2026-01-06T13:00:00Z');
let t: TestApp;
/** A mailer the tests can make fail, as an SMTP outage would. */
const mailer = captureMailer();
const { sent } = mailer;
const zoom = createFakeZoom(SECRET, () => now);

beforeAll(async () => {
  t = await createTestApp({ now: () => now, mailer, env: { ZOOM_WEBHOOK_SECRET: SECRET } });
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test reads only its own members' rows: earlier members are suspended out of the audience.
  await t.ctx.db.update(users).set({ status: 'suspended' });
  await t.ctx.db.update(liveSessions).set({ published: false });
  sent.length = 0;
  mailer.failNext(0);
  now = new Date('2026-01-06T13:00:00Z');
});

const rowsOf = (userId: string) => t.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
const deliveriesOf = (userId: string) =>
  t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, userId));
const mailTo = (email: string) => sent.filter((m) => m.to === email);
const event = (eventKey: string) => ({
  audience: 'members' as const,
  kind: 'session_live' as const,
  eventKey,
  title: 'Morning Session is live now',
  body: 'Morning Session has started.',
  link: '/sessions',
});
const putPreferences = (token: string, body: Record<string, unknown>) =>
  t.call('PUT', '/api/notifications/preferences', {
    token,
    body: { kinds: [], session_reminder_minutes: 15, quiet_hours_start: null, quiet_hours_end: null, ...body },
  });

describe('notify: each member gets each event once', () => {
  it('across two instances notifying and delivering at the same time: one row and one e-mail per member', async () => {
    const a = await createMember(t.ctx);
    const b = await createMember(t.ctx);
    const otherMail: Mail[] = [];
    // A second instance: same database, its own process memory and mail transport.
    const second: AppContext = { ...t.ctx, memory: createProcessMemory(), mailer: { send: async (m) => void otherMail.push(m) } };
    const results = await Promise.all([notify(t.ctx, event('s1:u1')), notify(second, event('s1:u1'))]);
    expect(results.map((r) => r.inApp).reduce((x, y) => x + y)).toBe(2);
    expect(await rowsOf(a.id)).toHaveLength(1);
    expect(await rowsOf(b.id)).toHaveLength(1);
    // And once more later (a redelivered webhook, a second cron run): nothing new.
    expect(await notify(t.ctx, event('s1:u1'))).toEqual({ inApp: 0, emails: 0, pushes: 0 });
    const counts = await Promise.all([deliverDueNotifications(t.ctx), deliverDueNotifications(second)]);
    expect(counts[0] + counts[1]).toBe(2);
    const all = [...sent, ...otherMail];
    expect(all.filter((m) => m.to === a.email)).toHaveLength(1);
    expect(all.filter((m) => m.to === b.email)).toHaveLength(1);
    expect(await deliverDueNotifications(t.ctx)).toBe(0);
  });

  it('a suspended member gets nothing: no in-app row, no e-mail, even one queued before the suspension', async () => {
    const active = await createMember(t.ctx);
    const suspended = await createMember(t.ctx, { status: 'suspended' });
    await notify(t.ctx, event('s1:u2'));
    expect(await rowsOf(suspended.id)).toHaveLength(0);
    expect(await deliveriesOf(suspended.id)).toHaveLength(0);
    expect(await rowsOf(active.id)).toHaveLength(1);
    // Queued while active, suspended before the worker ran: skipped, never sent.
    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, active.id));
    await deliverDueNotifications(t.ctx);
    expect(mailTo(active.email)).toHaveLength(0);
    expect((await deliveriesOf(active.id))[0]).toMatchObject({ status: 'skipped' });
    // Named directly, a suspended member is still left out.
    await notify(t.ctx, { ...event('s1:u3'), audience: undefined, userIds: [suspended.id] } as never);
    expect(await rowsOf(suspended.id)).toHaveLength(0);
  });
});

describe('preferences are honoured', () => {
  it('e-mail off: the in-app notification only; in-app off: the e-mail only', async () => {
    const noMail = await signedInMember(t);
    const noInApp = await signedInMember(t);
    expect((await putPreferences(noMail.token, { kinds: [{ kind: 'session_live', in_app: true, email: false, push: true }] })).statusCode).toBe(200);
    expect((await putPreferences(noInApp.token, { kinds: [{ kind: 'session_live', in_app: false, email: true, push: true }] })).statusCode).toBe(200);
    await notify(t.ctx, event('s2:u1'));
    await deliverDueNotifications(t.ctx);
    expect(await rowsOf(noMail.id)).toHaveLength(1);
    expect(mailTo(noMail.email)).toHaveLength(0);
    expect(await rowsOf(noInApp.id)).toHaveLength(0);
    expect(mailTo(noInApp.email)).toHaveLength(1);
    expect(mailTo(noInApp.email)[0]!.subject).toContain('Morning Session is live now');
    // Another kind keeps its defaults.
    await notify(t.ctx, { ...event('r1'), kind: 'replay_ready' });
    expect(await rowsOf(noInApp.id)).toHaveLength(1);
  });

  it('quiet hours (in the member\'s zone) delay the e-mail, not the in-app notification', async () => {
    const member = await signedInMember(t);
    await t.ctx.db.update(users).set({ timezone: 'America/New_York' }).where(eq(users.id, member.id));
    const saved = await putPreferences(member.token, { quiet_hours_start: '22:00', quiet_hours_end: '07:00' });
    expect(saved.json().data).toMatchObject({ quiet_hours_start: '22:00', quiet_hours_end: '07:00', time_zone: 'America/New_York' });
    now = new Date('2026-01-06T08:00:00Z'); // 3:00 AM in New York
    await notify(t.ctx, event('s3:u1'));
    expect(await rowsOf(member.id)).toHaveLength(1);
    const [delivery] = await deliveriesOf(member.id);
    expect(delivery!.dueAt.toISOString()).toBe('2026-01-06T12:00:00.000Z'); // 7:00 AM in New York
    await deliverDueNotifications(t.ctx);
    expect(mailTo(member.email)).toHaveLength(0);
    now = new Date('2026-01-06T12:00:30Z');
    await deliverDueNotifications(t.ctx);
    expect(mailTo(member.email)).toHaveLength(1);
  });

  it('refuses bad preferences with 422 and the field, changing nothing', async () => {
    const member = await signedInMember(t);
    const half = await putPreferences(member.token, { quiet_hours_start: '22:00', quiet_hours_end: null });
    expect(half.statusCode).toBe(422);
    expect(half.json().errors.quiet_hours_end).toEqual(['Enter both the start and the end of quiet hours, or neither.']);
    const minutes = await putPreferences(member.token, { session_reminder_minutes: 7 });
    expect(minutes.statusCode).toBe(422);
    expect(minutes.json().errors.session_reminder_minutes).toEqual(['Choose 5, 10, 15, 30 or 60 minutes before the session.']);
    const time = await putPreferences(member.token, { quiet_hours_start: '25:00', quiet_hours_end: '07:00' });
    expect(time.json().errors.quiet_hours_start).toEqual(['Enter a time as HH:MM (24-hour), for example 22:00.']);
    const kept = await t.call('GET', '/api/notifications/preferences', { token: member.token });
    expect(kept.json().data).toMatchObject({ session_reminder_minutes: 15, quiet_hours_start: null });
    expect(kept.json().data.kinds).toContainEqual({ kind: 'market_event', in_app: true, email: false, push: false });
  });
});

describe('a kind with its own e-mail', () => {
  it("risk: riskMail's words, the lock's end in the member's zone when sent, e-mailed once", async () => {
    const member = await createMember(t.ctx);
    await t.ctx.db.update(users).set({ timezone: 'America/Vancouver' }).where(eq(users.id, member.id));
    const lock = {
      userIds: [member.id],
      kind: 'risk' as const,
      eventKey: '41',
      title: 'Live 25K is locked by Risk Manager',
      body: 'The day lost $700.00, past the max daily loss of $500.00.',
      link: '/risk',
      facts: { account: 'Live 25K', reason: 'The day lost $700.00, past the max daily loss of $500.00.', lockedUntil: '2026-01-07T05:00:00.000Z' },
    };
    expect(await notify(t.ctx, lock)).toEqual({ inApp: 1, emails: 1, pushes: 0 });
    expect(await notify(t.ctx, lock)).toEqual({ inApp: 0, emails: 0, pushes: 0 });
    await deliverDueNotifications(t.ctx);
    await deliverDueNotifications(t.ctx);
    const mails = mailTo(member.email);
    expect(mails.map((m) => m.subject)).toEqual(['Live 25K is locked by Risk Manager']);
    expect(mails[0]!.text).toContain('Your Risk Manager rules for Live 25K were broken: The day lost $700.00, past the max daily loss of $500.00.');
    // Midnight in Toronto is 9:00 PM the evening before in Vancouver.
    expect(mails[0]!.text).toContain('locked until January 6, 2026 at 9:00 PM PST');
    expect(mails[0]!.text).toMatch(/Open Risk Manager: \S+\/risk\n/);
    expect(mails[0]!.text).toMatch(/Change it: \S+\/account\/notifications/);
  });
});

describe('session_starting reminders', () => {
  it('reach each member at the minutes they chose before the start, once per occurrence', async () => {
    const session = await createSession(t.ctx, { title: 'Morning Session', meetingNumber: '82000000001', published: true });
    const early = await signedInMember(t);
    const usual = await signedInMember(t); // the default, 15 minutes
    const late = await signedInMember(t);
    await putPreferences(early.token, { session_reminder_minutes: 30 });
    await putPreferences(late.token, { session_reminder_minutes: 5 });
    const reminded = async (member: { id: string }) =>
      (await rowsOf(member.id)).filter((n) => n.kind === 'session_starting').length;
    const at = async (iso: string) => {
      now = new Date(iso);
      await sendSessionReminders(t.ctx);
      return [await reminded(early), await reminded(usual), await reminded(late)];
    };
    // The session starts at 9:15 AM New York time (14:15Z).
    expect(await at('2026-01-06T13:44:00Z')).toEqual([0, 0, 0]); // 31 minutes before
    expect(await at('2026-01-06T13:45:00Z')).toEqual([1, 0, 0]);
    expect(await at('2026-01-06T13:59:00Z')).toEqual([1, 0, 0]);
    expect(await at('2026-01-06T14:00:00Z')).toEqual([1, 1, 0]);
    expect(await at('2026-01-06T14:10:00Z')).toEqual([1, 1, 1]);
    expect(await at('2026-01-06T14:12:00Z')).toEqual([1, 1, 1]);
    const [row] = (await rowsOf(usual.id)).filter((n) => n.kind === 'session_starting');
    expect(row).toMatchObject({ title: 'Morning Session starts in 15 minutes', link: '/sessions', eventKey: `${session.id}:2026-01-06T14:15:00.000Z` });
    // The next day's occurrence is a new event.
    expect(await at('2026-01-07T14:00:00Z')).toEqual([2, 2, 1]);
  });
});

describe('hooks', () => {
  it('Zoom meeting.started tells members the session is live (once), by the bell and by e-mail', async () => {
    await createSession(t.ctx, { title: 'Lunch Review', meetingNumber: '82000000002', published: true });
    const member = await signedInMember(t);
    const delivery = zoom.deliver(zoom.meetingStarted('82000000002'));
    const send = () => t.app.inject({ method: 'POST', url: '/api/zoom/webhook', headers: delivery.headers, payload: delivery.body });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).json()).toMatchObject({ duplicate: true });
    const count = await t.call('GET', '/api/notifications/unread-count', { token: member.token });
    expect(count.json()).toEqual({ unread: 1 });
    const list = await t.call('GET', '/api/notifications', { token: member.token });
    expect(list.json().data[0]).toMatchObject({ kind: 'session_live', title: 'Lunch Review is live now', link: '/sessions' });
    expect(await t.runJobs('notifications.deliver')).toBeGreaterThan(0);
    expect(mailTo(member.email).map((m) => m.subject)).toEqual(['Lunch Review is live now (Traders Hub)']);
  });

  it('a published replay from Zoom tells members a replay is ready', async () => {
    await createSession(t.ctx, { title: 'Close Recap', meetingNumber: '82000000003', published: true, replayPublishing: 'published' });
    const member = await signedInMember(t);
    const delivery = zoom.deliver(zoom.recordingCompleted('82000000003'));
    expect((await t.app.inject({ method: 'POST', url: '/api/zoom/webhook', headers: delivery.headers, payload: delivery.body })).statusCode).toBe(200);
    const [row] = await rowsOf(member.id);
    expect(row).toMatchObject({ kind: 'replay_ready', link: '/sessions' });
    expect(row!.body).toContain('Close Recap');
  });
});

describe('e-mail failures are retried', () => {
  it('keeps the attempts and the last error, and sends on a later try after the backoff', async () => {
    const member = await createMember(t.ctx);
    mailer.failNext(2);
    await notify(t.ctx, event('s4:u1'));
    expect(await deliverDueNotifications(t.ctx)).toBe(0);
    let [delivery] = await deliveriesOf(member.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP 421 service not available' });
    expect(delivery!.dueAt.getTime() - now.getTime()).toBe(30_000);
    now = new Date(now.getTime() + 31_000);
    expect(await deliverDueNotifications(t.ctx)).toBe(0);
    [delivery] = await deliveriesOf(member.id);
    expect(delivery).toMatchObject({ attempts: 2 });
    expect(delivery!.dueAt.getTime() - now.getTime()).toBe(60_000); // doubled
    now = new Date(now.getTime() + 61_000);
    expect(await deliverDueNotifications(t.ctx)).toBe(1);
    [delivery] = await deliveriesOf(member.id);
    expect(delivery).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(mailTo(member.email)).toHaveLength(1);
  });
});

describe('the API', () => {
  it('lists newest first, paged; counts unread; marks one and all read; another member\'s is 404', async () => {
    const member = await signedInMember(t);
    const other = await signedInMember(t);
    for (let i = 1; i <= 22; i += 1) {
      now = new Date(Date.UTC(2026, 0, 6, 13, i));
      await notify(t.ctx, { ...event(`list:${i}`), audience: undefined, userIds: [member.id], title: `Event ${i}` } as never);
    }
    await notify(t.ctx, { ...event('other'), audience: undefined, userIds: [other.id] } as never);
    const first = await t.call('GET', '/api/notifications', { token: member.token });
    expect(first.json().data.map((n: { title: string }) => n.title).slice(0, 2)).toEqual(['Event 22', 'Event 21']);
    expect(first.json().meta).toEqual({ page: 1, per_page: 20, has_more: true, unread: 22 });
    const second = await t.call('GET', '/api/notifications?page=2', { token: member.token });
    expect(second.json().data.map((n: { title: string }) => n.title)).toEqual(['Event 2', 'Event 1']);
    expect((await t.call('GET', '/api/notifications?page=0', { token: member.token })).statusCode).toBe(422);

    const id = first.json().data[0].id as number;
    const read = await t.call('POST', `/api/notifications/${id}/read`, { token: member.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.read_at).toBe(now.toISOString());
    expect((await t.call('GET', '/api/notifications/unread-count', { token: member.token })).json()).toEqual({ unread: 21 });

    const [theirs] = await rowsOf(other.id);
    const foreign = await t.call('POST', `/api/notifications/${theirs!.id}/read`, { token: member.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Notification not found.');
    expect((await t.call('POST', '/api/notifications/99999999/read', { token: member.token })).statusCode).toBe(404);
    const [still] = await t.ctx.db.select().from(notifications).where(and(eq(notifications.id, theirs!.id)));
    expect(still!.readAt).toBeNull();

    const all = await t.call('POST', '/api/notifications/read-all', { token: member.token });
    expect(all.json()).toEqual({ message: '21 notifications marked read.' });
    expect((await t.call('GET', '/api/notifications/unread-count', { token: member.token })).json()).toEqual({ unread: 0 });
    expect((await t.call('GET', '/api/notifications/unread-count', { token: other.token })).json()).toEqual({ unread: 1 });
    expect((await t.call('GET', '/api/notifications/unread-count')).statusCode).toBe(401);
  });

  it("counts right on one instance after notifications are created and read through another (the count is kept per revision)", async () => {
    const other = await secondInstance(t);
    try {
      const member = await signedInMember(t);
      const count = async (instance: Pick<TestApp, 'call'>) => (await instance.call('GET', '/api/notifications/unread-count', { token: member.token })).json();
      expect(await count(t)).toEqual({ unread: 0 });
      // Created by the other instance's jobs: the first counts it on its next request.
      await notify(other.ctx, { ...event('kept:1'), audience: undefined, userIds: [member.id] } as never);
      expect(await count(t)).toEqual({ unread: 1 });
      await notify(other.ctx, { ...event('kept:2'), audience: undefined, userIds: [member.id] } as never);
      expect(await count(t)).toEqual({ unread: 2 });
      expect(await count(other)).toEqual({ unread: 2 });
      // Marked read through the other instance, one then all.
      const [first] = await rowsOf(member.id);
      expect((await other.call('POST', `/api/notifications/${first!.id}/read`, { token: member.token })).statusCode).toBe(200);
      expect(await count(t)).toEqual({ unread: 1 });
      expect((await other.call('POST', '/api/notifications/read-all', { token: member.token })).statusCode).toBe(200);
      expect(await count(t)).toEqual({ unread: 0 });
      // Deleted outright (as account deletion's cascade would): counted again from nothing.
      await notify(other.ctx, { ...event('kept:3'), audience: undefined, userIds: [member.id] } as never);
      expect(await count(t)).toEqual({ unread: 1 });
      await other.ctx.db.delete(notifications).where(eq(notifications.userId, member.id));
      expect(await count(t)).toEqual({ unread: 0 });
    } finally {
      await other.close();
    }
  });

  it('counts asked together (read in one statement) are each member\'s own, none for a member with no unread', async () => {
    const [a, b, none] = await Promise.all([signedInMember(t), signedInMember(t), signedInMember(t)]);
    await notify(t.ctx, { ...event('together:1'), audience: undefined, userIds: [a.id, b.id] } as never);
    await notify(t.ctx, { ...event('together:2'), audience: undefined, userIds: [a.id] } as never);
    const counts = await Promise.all(
      [a, b, none, a].map((member) => t.call('GET', '/api/notifications/unread-count', { token: member.token })),
    );
    expect(counts.map((count) => count.json())).toEqual([{ unread: 2 }, { unread: 1 }, { unread: 0 }, { unread: 2 }]);
  });
});

