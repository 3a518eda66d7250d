import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, notificationDeliveries, users } from '../../src/db/schema/index.ts';
import { deliverDueNotifications, MAX_ATTEMPTS } from '../../src/modules/notifications/delivery.ts';
import { notify } from '../../src/modules/notifications/index.ts';
import { createMember, signedInMember } from '../support/members.ts';
import { captureMailer, createTestApp, type TestApp } from '../support/test-app.ts';

const START = new Date('2026-01-06T13:00:00Z');
let now = START;
let t: TestApp;
/** A mailer the tests can make fail, as an SMTP outage would. */
const mailer = captureMailer();
const { sent } = mailer;
let admin: { token: string; email: string };
let mentor: { token: string };
let member: { token: string };

beforeAll(async () => {
  t = await createTestApp({ now: () => now, mailer });
  [admin, mentor, member] = await Promise.all([
    signedInMember(t, { roles: ['admin'] }),
    signedInMember(t, { roles: ['mentor'] }),
    signedInMember(t),
  ]);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.delete(notificationDeliveries);
  sent.length = 0;
  mailer.failNext(0);
  now = START;
});

let counter = 0;
/** An e-mail to a new member that fails `failures` times in a row as the worker tries it. */
async function failingEmail(failures: number) {
  counter += 1;
  const recipient = await createMember(t.ctx);
  await t.ctx.db.update(users).set({ firstName: 'Ada', lastName: `Lovelace${counter}` }).where(eq(users.id, recipient.id));
  await notify(t.ctx, { userIds: [recipient.id], kind: 'session_live', eventKey: `e${counter}`, title: `Morning Session ${counter} is live now`, body: 'It started.', link: '/sessions' });
  mailer.failNext(failures);
  for (let i = 0; i < failures; i += 1) {
    await deliverDueNotifications(t.ctx);
    now = new Date(now.getTime() + 60 * 60_000);
  }
  mailer.failNext(0);
  const [delivery] = await t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, recipient.id));
  return { recipient, delivery: delivery! };
}

const list = (token: string) => t.call('GET', '/api/staff/notification-deliveries', { token });
const retry = (token: string, id: number | string) => t.call('POST', `/api/staff/notification-deliveries/${id}/retry`, { token });

describe('undelivered notifications for staff', () => {
  it('lists e-mails that failed or wait for a retry with member, kind, attempts, last error and next try; not those sent', async () => {
    // One at a time: each worker run tries every delivery due.
    const failed = await failingEmail(MAX_ATTEMPTS);
    const fine = await failingEmail(0);
    await deliverDueNotifications(t.ctx);
    expect(sent.map((m) => m.to)).toContain(fine.recipient.email);
    const waiting = await failingEmail(1);

    const res = await list(admin.token);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as Array<Record<string, unknown>>;
    expect(res.json().meta).toEqual({ total: 2, shown: 2 });
    expect(rows.find((r) => r.id === failed.delivery.id)).toMatchObject({
      member: { id: failed.recipient.id, email: failed.recipient.email, name: expect.stringMatching(/^Ada Lovelace\d+$/) },
      kind: 'session_live',
      channel: 'email',
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      max_attempts: MAX_ATTEMPTS,
      last_error: 'SMTP 421 service not available',
      next_try_at: null,
    });
    expect(rows.find((r) => r.id === waiting.delivery.id)).toMatchObject({
      status: 'waiting',
      attempts: 1,
      next_try_at: waiting.delivery.dueAt.toISOString(),
    });
  });

  it('is for staff holding notifications.manage: a mentor and a member are refused 403', async () => {
    const { delivery } = await failingEmail(1);
    expect((await list(mentor.token)).statusCode).toBe(403);
    expect((await list(member.token)).statusCode).toBe(403);
    expect((await retry(mentor.token, delivery.id)).statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, delivery.id));
    expect(row!.dueAt).toEqual(delivery.dueAt);
  });

  it('Retry now sends a failed e-mail at once and is recorded in the audit log', async () => {
    const { recipient, delivery } = await failingEmail(MAX_ATTEMPTS);
    const res = await retry(admin.token, delivery.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`The e-mail "${delivery.title}" to ${recipient.email} is being tried again now.`);
    const [due] = await t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, delivery.id));
    expect(due).toMatchObject({ status: 'pending', dueAt: now });
    await t.runJobs('notifications.deliver');
    const [done] = await t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, delivery.id));
    expect(done).toMatchObject({ status: 'sent', attempts: MAX_ATTEMPTS + 1, lastError: null });
    expect(sent.filter((m) => m.to === recipient.email)).toHaveLength(1);
    expect((await list(admin.token)).json().data).toEqual([]);

    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notification_delivery.retried'), eq(auditLog.subjectId, String(delivery.id))));
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      subjectType: 'notification_delivery',
      before: { status: 'failed', attempts: MAX_ATTEMPTS, last_error: 'SMTP 421 service not available' },
      after: { status: 'pending', due_at: now.toISOString() },
    });
  });

  it('a failed one that fails again on Retry now is failed again at once, its new error kept', async () => {
    const { delivery } = await failingEmail(MAX_ATTEMPTS);
    await retry(admin.token, delivery.id);
    mailer.failNext(1);
    await deliverDueNotifications(t.ctx);
    const [row] = await t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, delivery.id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS + 1, lastError: 'SMTP 421 service not available' });
  });

  it('refuses a delivery already sent (409), a missing one (404) and a malformed id (422), recording nothing', async () => {
    const { delivery } = await failingEmail(0);
    await deliverDueNotifications(t.ctx);
    const again = await retry(admin.token, delivery.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This delivery was sent already.');
    expect((await retry(admin.token, 987654)).statusCode).toBe(404);
    expect((await retry(admin.token, 'abc')).statusCode).toBe(422);
    const entries = await t.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, String(delivery.id)));
    expect(entries.filter((e) => e.action === 'notification_delivery.retried')).toEqual([]);
  });
});
