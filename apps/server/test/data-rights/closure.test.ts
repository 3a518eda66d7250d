import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StaffPermissions } from '@th/contracts';
import { rowsOf } from '../../src/db/rows.ts';
import { eraseAccount } from '../../src/modules/data-rights/closure.ts';
import { DATA_REGISTRY } from '../../src/modules/data-rights/registry.ts';
import { putCustomer, putSubscription, stripeEnv } from '../billing/stripe-fixtures.ts';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { seedEverything } from './seed.ts';

let fake: FakeStripe;
let t: TestApp;
let now = new Date();
const DAY = 86_400_000;

/** The Stripe calls closing makes, which the shared fake does not speak yet. */
function stripeRoutes() {
  fake.route('POST', '/v1/subscriptions/:id', ({ params, body }) => {
    const sub = fake.objects.get(params.id!);
    if (!sub) return { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such subscription' } } };
    Object.assign(sub, { cancel_at_period_end: body.cancel_at_period_end === 'true' });
    return { body: sub };
  });
  fake.route('DELETE', '/v1/subscriptions/:id', ({ params }) => {
    const sub = fake.objects.get(params.id!)!;
    Object.assign(sub, { status: 'canceled' });
    return { body: sub };
  });
  fake.route('POST', '/v1/customers/:id', ({ params, body }) => {
    const customer = fake.objects.get(params.id!)!;
    Object.assign(customer, body);
    return { body: customer };
  });
}

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ env: stripeEnv(fake), now: () => now });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  stripeRoutes();
  now = new Date();
});

async function stripeMember() {
  const customer = `cus_${Math.random().toString(36).slice(2, 10)}`;
  const subscription = `sub_${Math.random().toString(36).slice(2, 10)}`;
  const member = await createMember(t.ctx, {
    subscription: { vendor: 'stripe', planKey: 'trader', planName: 'Trader', status: 'active', stripeCustomerId: customer, stripeSubscriptionId: subscription },
  });
  await t.ctx.db.execute(sql`update users set stripe_customer_id = ${customer}, phone = '+1 416 555 0100' where id = ${member.id}`);
  putCustomer(fake, customer);
  putSubscription(fake, subscription, customer, { status: 'active' });
  return { ...member, customer, subscription };
}

const closureOf = async (token: string) => (await t.call('GET', '/api/me/closure', { token })).json().data;

async function staffToken() {
  const staff = await createMember(t.ctx, { permissions: [StaffPermissions.access, StaffPermissions.members, StaffPermissions.audit] });
  return t.login(staff.email, staff.password);
}

async function countOf(table: string, where: ReturnType<typeof sql>) {
  const [row] = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`));
  return row!.n;
}

describe('close my account', () => {
  it('refuses a wrong password with a 422 on the field, and closes nothing', async () => {
    const member = await createMember(t.ctx);
    const token = await t.login(member.email, member.password);
    const res = await t.call('POST', '/api/me/closure', { token, body: { password: 'wrong-password', cancel: 'now' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'The password is incorrect.', errors: { password: ['The password is incorrect.'] } });
    expect(await closureOf(token)).toBeNull();
    const blank = await t.call('POST', '/api/me/closure', { token, body: { password: '' } });
    expect(blank.json().errors.password).toEqual(['Enter your password to close your account.']);
  });

  it('signs out at once, stops bots, deletes broker tokens, cancels at Stripe at period end; signing in within 14 days restores', async () => {
    const member = await stripeMember();
    const seeded = await seedEverything(t.ctx, member.id, member.email);
    await t.ctx.db.execute(sql`update alphaorb_bots set enabled = true where id = ${seeded.botId}`);
    const token = await t.login(member.email, member.password);
    const other = await t.login(member.email, member.password);

    const res = await t.call('POST', '/api/me/closure', { token, body: { password: member.password, cancel: 'period_end' } });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatch(/^Your account is closed and you have been signed out\. Sign in before .+ to restore it; after that your personal data is deleted\.$/);
    expect(res.json().data).toMatchObject({ status: 'pending', cancel: 'period_end', requested_by: 'member' });
    // Every device is signed out: the app answers 401.
    expect((await t.call('GET', '/api/me', { token })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/me', { token: other })).statusCode).toBe(401);
    expect(t.mailer.sent.some((m) => m.to === member.email && /account is closing/.test(m.subject))).toBe(true);

    expect(await t.runJobs('data-rights.close')).toBe(1);
    expect(fake.calls('POST', `/v1/subscriptions/${member.subscription}`)[0]?.body).toMatchObject({ cancel_at_period_end: 'true' });
    expect(await countOf('alphaorb_bots', sql`user_id = ${member.id} and enabled`)).toBe(0);
    expect(await countOf('trading_accounts', sql`user_id = ${member.id} and credentials_enc is not null`)).toBe(0);
    expect(await countOf('subscriptions', sql`user_id = ${member.id} and cancel_at_period_end`)).toBe(1);

    // Signing in on day 13 restores the account.
    now = new Date(now.getTime() + 13 * DAY);
    const back = await t.login(member.email, member.password);
    expect((await t.call('GET', '/api/me', { token: back })).statusCode).toBe(200);
    const closure = await closureOf(back);
    expect(closure).toMatchObject({ status: 'restored' });
    expect(closure.steps.every((s: { done_at: string | null }) => s.done_at)).toBe(true);

    // The sweep past the grace period leaves a restored account alone.
    now = new Date(now.getTime() + 30 * DAY);
    await t.ctx.jobs.send('data-rights.sweep', {});
    await t.runJobs('data-rights.sweep');
    expect(await t.runJobs('data-rights.erase')).toBe(0);
    expect(await countOf('users', sql`id = ${member.id}`)).toBe(1);
    expect(await countOf('trades', sql`user_id = ${member.id}`)).toBe(1);
  });

  it('after the grace period leaves no personal data in any table; kept records have the name replaced', async () => {
    const member = await stripeMember();
    await seedEverything(t.ctx, member.id, member.email);
    const token = await t.login(member.email, member.password);
    expect((await t.call('POST', '/api/me/closure', { token, body: { password: member.password, cancel: 'now' } })).statusCode).toBe(202);
    await t.runJobs('data-rights.close');
    expect(fake.calls('DELETE', `/v1/subscriptions/${member.subscription}`)).toHaveLength(1);

    // Not due on day 13: nothing queued.
    now = new Date(now.getTime() + 13 * DAY);
    await t.ctx.jobs.send('data-rights.sweep', {});
    await t.runJobs('data-rights.sweep');
    expect(await t.runJobs('data-rights.erase')).toBe(0);

    now = new Date(now.getTime() + 2 * DAY);
    await t.ctx.jobs.send('data-rights.sweep', {});
    await t.runJobs('data-rights.sweep');
    expect(await t.runJobs('data-rights.erase')).toBe(1);

    for (const entry of DATA_REGISTRY) {
      const name = getTableName(entry.table);
      const rows = await t.ctx.db.select().from(entry.table).where(entry.scope(member.id));
      if (entry.erasure.policy === 'keep') continue;
      expect(rows, name).toHaveLength(0);
    }
    // Nothing anywhere still carries the member's e-mail, name or phone.
    for (const table of ['audit_log', 'page_views', 'account_closures']) {
      const [row] = rowsOf<{ hits: number }>(
        await t.ctx.db.execute(
          sql`select count(*)::int as hits from ${sql.identifier(table)} t where t::text ilike ${`%${member.email}%`} or t::text like '%+1 416 555 0100%'`,
        ),
      );
      expect(row!.hits, table).toBe(0);
    }
    const [audit] = rowsOf<{ before: { email: string }; after: { note: string } }>(
      await t.ctx.db.execute(sql`select before, after from audit_log where subject_id = ${member.id} and action = 'member.updated'`),
    );
    expect(audit!.before.email).toBe(`Closed member ${member.id.slice(0, 8)}`);
    expect(await countOf('page_views', sql`user_id is null and path = '/dashboard'`)).toBeGreaterThan(0);
    // Stripe keeps the invoices; the customer's name is replaced.
    expect(fake.calls('POST', `/v1/customers/${member.customer}`)[0]?.body).toMatchObject({ name: `Closed member ${member.id.slice(0, 8)}`, email: '' });
    // The member cannot sign in any more.
    const login = await t.call('POST', '/api/login', { body: { username: member.email, password: member.password } });
    expect(login.statusCode).toBe(422);
    const [closure] = rowsOf<{ status: string; reason: string | null }>(await t.ctx.db.execute(sql`select status, reason from account_closures where user_id = ${member.id}`));
    expect(closure).toMatchObject({ status: 'erased', reason: null });
  });

  it('a Stripe failure is recorded on the closure, shown to staff, retried and finished; a second closure is refused', async () => {
    const member = await stripeMember();
    const staff = await staffToken();
    const url = `/api/staff/members/${member.id}`;
    expect((await t.call('POST', `${url}/closure`, { token: staff, body: { reason: '' } })).statusCode).toBe(422);
    const unknown = await t.call('POST', '/api/staff/members/not-a-member/closure', { token: staff, body: { reason: 'x' } });
    expect(unknown.statusCode).toBe(404);

    fake.fail('DELETE', '/v1/subscriptions/:id', { status: 500, message: 'Stripe is down', times: 1 });
    const closed = await t.call('POST', `${url}/closure`, { token: staff, body: { reason: 'Asked by phone', cancel: 'now' } });
    expect(closed.statusCode).toBe(202);
    expect(closed.json().data).toMatchObject({ requested_by: 'staff', reason: 'Asked by phone' });
    const again = await t.call('POST', `${url}/closure`, { token: staff, body: { reason: 'Twice' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This account is already being closed.');

    await expect(t.runJobs('data-rights.close')).rejects.toThrow(/Stripe is down/);
    let view = (await t.call('GET', `${url}/data-rights`, { token: staff })).json().data.closure;
    expect(view.last_error).toMatch(/^Subscription canceled: .*Stripe is down/);
    expect(view.steps.find((s: { key: string }) => s.key === 'subscription')).toMatchObject({ done_at: null, attempts: 1 });
    expect(view.steps.find((s: { key: string }) => s.key === 'broker_tokens').done_at).not.toBeNull();

    // Staff try again (pg-boss would retry on its own too): the step finishes.
    expect((await t.call('POST', `${url}/closure/retry`, { token: staff })).statusCode).toBe(202);
    await t.runJobs('data-rights.close');
    view = (await t.call('GET', `${url}/data-rights`, { token: staff })).json().data.closure;
    expect(view.last_error).toBeNull();
    expect(view.steps.find((s: { key: string }) => s.key === 'subscription')).toMatchObject({ attempts: 2 });
    expect(view.steps.every((s: { done_at: string | null }) => s.done_at)).toBe(true);
    const audit = await t.call('GET', `/api/staff/audit?subject_type=member&subject_id=${member.id}`, { token: staff });
    expect((audit.json().data as Array<{ action: string }>).map((a) => a.action)).toEqual(
      expect.arrayContaining(['member.closed', 'member.closure_retried']),
    );
  });

  it('two closings racing for one member: one is taken, the other answers 409', async () => {
    const member = await createMember(t.ctx);
    const staff = await staffToken();
    const close = () => t.call('POST', `/api/staff/members/${member.id}/closure`, { token: staff, body: { reason: 'Race' } });
    const answers = await Promise.all([close(), close()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    expect(await countOf('account_closures', sql`user_id = ${member.id}`)).toBe(1);
  });

  it('an erasure killed midway resumes at the step it stopped and finishes', async () => {
    // Earlier tests' closures would fall due too: they are set aside so the sweep finds only this one.
    await t.ctx.db.execute(sql`update account_closures set status = 'restored' where status = 'pending'`);
    const member = await stripeMember();
    await seedEverything(t.ctx, member.id, member.email);
    const token = await t.login(member.email, member.password);
    await t.call('POST', '/api/me/closure', { token, body: { password: member.password, cancel: 'period_end' } });
    await t.runJobs('data-rights.close');
    now = new Date(now.getTime() + 15 * DAY);
    // Stripe fails the customer update: erasure stops after barring sign-in, before any deletion.
    fake.fail('POST', '/v1/customers/:id', { status: 500, message: 'Stripe is down', times: 1 });
    await t.ctx.jobs.send('data-rights.sweep', {});
    await t.runJobs('data-rights.sweep');
    await expect(t.runJobs('data-rights.erase')).rejects.toThrow(/Stripe is down/);
    const [row] = rowsOf<{ status: string; steps: Record<string, { doneAt: string | null }> }>(
      await t.ctx.db.execute(sql`select status, steps from account_closures where user_id = ${member.id}`),
    );
    expect(row!.status).toBe('erasing');
    expect(row!.steps.bar_sign_in!.doneAt).not.toBeNull();
    expect(row!.steps.stripe_customer!.doneAt).toBeNull();
    // No password opens it now, even inside what was the grace period's end.
    expect((await t.call('POST', '/api/login', { body: { username: member.email, password: member.password } })).statusCode).toBe(422);
    expect(await countOf('trades', sql`user_id = ${member.id}`)).toBe(1);

    // The job is retried (after its delay; run here at once): it resumes and finishes.
    const [closure] = rowsOf<{ id: string }>(await t.ctx.db.execute(sql`select id from account_closures where user_id = ${member.id}`));
    await eraseAccount(t.ctx, closure!.id);
    expect(fake.calls('POST', `/v1/customers/${member.customer}`)).toHaveLength(2);
    expect(await countOf('users', sql`id = ${member.id}`)).toBe(0);
    expect(await countOf('trades', sql`user_id = ${member.id}`)).toBe(0);
    expect(await countOf('report_days', sql`user_id = ${member.id}`)).toBe(0);
    expect(await countOf('account_closures', sql`user_id = ${member.id} and status = 'erased'`)).toBe(1);

    // Staff still read how it ended; nothing new can be asked for the erased member.
    const staff = await staffToken();
    const view = await t.call('GET', `/api/staff/members/${member.id}/data-rights`, { token: staff });
    expect(view.json().data.closure).toMatchObject({ status: 'erased', reason: null });
    expect(view.json().data.exports).toEqual([]);
    const exportErased = await t.call('POST', `/api/staff/members/${member.id}/data-exports`, { token: staff, body: { reason: 'x' } });
    expect(exportErased.statusCode).toBe(404);
  });
});
