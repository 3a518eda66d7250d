import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalTrialsJob } from '../../src/modules/billing/internal-trials.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Members who joined without card billing: their 7-day trial ends, on the injectable clock. */
let t: TestApp;
let now = Date.parse('2026-03-02T15:00:00Z');
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(now) });
  const staff = await createMember(t.ctx, { roles: ['admin'] });
  admin = await t.login(staff.email, staff.password);
});
afterAll(() => t.close());

const DAY = 86_400_000;
let joined = 0;
async function join() {
  joined += 1;
  const email = `trial-${joined}@example.com`;
  const password = 'Breakout-2025';
  const res = await t.call('POST', '/api/join', {
    body: { plan: 'trader', first_name: 'Dana', last_name: 'Whitfield', email, password, password_confirmation: password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.ctx.database.query<{ id: string }>('select id from users where email = $1', [email]);
  return { id: row!.id, email, password };
}
const runJob = () => internalTrialsJob.handler(t.ctx, {});
const mailsTo = (email: string) => t.mailer.sent.filter((mail) => mail.to === email).map((mail) => mail.subject);
const coursesAs = async (token: string) => (await t.call('GET', '/api/courses', { token })).statusCode;

describe('internal 7-day trials', () => {
  it('[P134] warns two days before, once, then ends the trial and confines the member to the account area', async () => {
    const start = now;
    const member = await join();
    const token = await t.login(member.email, member.password);
    expect(await coursesAs(token)).toBe(200);

    now = start + 4 * DAY;
    await runJob();
    expect(mailsTo(member.email)).toEqual([]);

    now = start + 5 * DAY + 60_000;
    await runJob();
    await runJob();
    expect(mailsTo(member.email)).toEqual(['Your Traders Hub trial ends on Monday, March 9']);

    now = start + 7 * DAY + 60_000;
    await runJob();
    expect(mailsTo(member.email).at(-1)).toBe('Your Traders Hub trial has ended');
    expect(await coursesAs(token)).toBe(403);
    const subscription = (await t.call('GET', '/api/me/subscription', { token })).json();
    expect(JSON.stringify(subscription)).toContain('canceled');
    await runJob();
    expect(mailsTo(member.email)).toHaveLength(2);
  });

  it('ends a trial at sign-in even before the job has run', async () => {
    const member = await join();
    now += 7 * DAY + 60_000;
    const token = await t.login(member.email, member.password);
    expect(await coursesAs(token)).toBe(403);
  });

  it('lets staff extend an ended trial, which gives access back', async () => {
    const member = await join();
    now += 8 * DAY;
    await runJob();
    const token = await t.login(member.email, member.password);
    expect(await coursesAs(token)).toBe(403);

    const extended = await t.call('PUT', `/api/staff/members/${member.id}/subscription`, {
      token: admin,
      body: { vendor: 'internal', plan_key: 'trader', status: 'trialing', current_period_end: new Date(now + 7 * DAY).toISOString() },
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(await coursesAs(token)).toBe(200);
    await runJob();
    expect(await coursesAs(token)).toBe(200);
    // The new end is enforced like the first one.
    now += 7 * DAY + 60_000;
    await runJob();
    expect(await coursesAs(token)).toBe(403);
  });
});
