import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: string;
let mentor: string;
let member: string;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createMember(t.ctx, { roles: ['admin'] });
  const m = await createMember(t.ctx, { roles: ['mentor'] });
  const plain = await createMember(t.ctx, { email: 'jordan.lee@test.local' });
  memberId = plain.id;
  [admin, mentor, member] = await Promise.all([
    t.login(a.email, a.password),
    t.login(m.email, m.password),
    t.login(plain.email, plain.password),
  ]);
});
afterAll(() => t.close());

const auditCount = async () =>
  (await t.ctx.database.query<{ n: number }>('select count(*)::int as n from audit_log'))[0]!.n;

describe('staff routes refuse non-staff', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/staff/members'],
    ['POST', '/api/staff/members', { email: 'x@test.local', first_name: 'X', last_name: 'Y', vendor: 'skool', plan_key: 'trader' }],
    ['GET', '/api/staff/members/00000000-0000-0000-0000-000000000000'],
    ['PATCH', '/api/staff/members/00000000-0000-0000-0000-000000000000', { status: 'active' }],
    ['PUT', '/api/staff/members/00000000-0000-0000-0000-000000000000/roles', { roles: [] }],
    ['PUT', '/api/staff/members/00000000-0000-0000-0000-000000000000/subscription', { vendor: 'skool', plan_key: 'trader', status: 'active', current_period_end: null }],
    ['POST', '/api/staff/members/00000000-0000-0000-0000-000000000000/access-email'],
    ['GET', '/api/staff/audit'],
  ];
  it.each(routes)('%s %s: anonymous 401, member 403', async (method, url, body) => {
    const anonymous = await t.call(method as 'GET', url, { body });
    expect(anonymous.statusCode).toBe(401);
    const asMember = await t.call(method as 'GET', url, { body, token: member });
    expect(asMember.statusCode).toBe(403);
  });
});

describe('members', () => {
  it('lists and searches members with plan, vendor and linked accounts', async () => {
    const res = await t.call('GET', '/api/staff/members?search=jordan', { token: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta.total).toBe(1);
    expect(body.data[0]).toMatchObject({ email: 'jordan.lee@test.local', plan: 'Trader', vendor: 'internal', linked_accounts: 0 });
    const wildcard = await t.call('GET', '/api/staff/members?search=%25', { token: admin });
    expect(wildcard.json().meta.total).toBe(0);
  });

  it('suspends with a reason, audits it, and the member is confined to the account area', async () => {
    const missingReason = await t.call('PATCH', `/api/staff/members/${memberId}`, { token: admin, body: { status: 'suspended' } });
    expect(missingReason.statusCode).toBe(422);
    expect(missingReason.json().errors.suspended_reason).toEqual(['Give a reason for suspending this member.']);

    const before = await auditCount();
    const res = await t.call('PATCH', `/api/staff/members/${memberId}`, {
      token: admin,
      body: { status: 'suspended', suspended_reason: 'Chargeback' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'suspended', suspended_reason: 'Chargeback' });
    expect(await auditCount()).toBe(before + 1);
    expect((await t.call('GET', '/api/trades/order-history', { token: member })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/me', { token: member })).statusCode).toBe(200);

    await t.call('PATCH', `/api/staff/members/${memberId}`, { token: admin, body: { status: 'active' } });
    const audit = (await t.call('GET', `/api/staff/audit?subject_type=member&subject_id=${memberId}`, { token: admin })).json();
    expect(audit.data[0]).toMatchObject({ action: 'member.updated', before: { status: 'suspended' }, after: { status: 'active' } });
    // Staff read who it was about by name and e-mail, not by id.
    const [person] = await t.ctx.database.query<{ email: string; first_name: string | null; last_name: string | null }>(
      'select email, first_name, last_name from users where id = $1',
      [memberId],
    );
    const name = [person!.first_name, person!.last_name].filter(Boolean).join(' ') || person!.email;
    expect(audit.data[0].subject_label).toBe(`${name} <${person!.email}>`);
  });

  it('grants alphaorb.manage, which the member then sees in their profile', async () => {
    const res = await t.call('PATCH', `/api/staff/members/${memberId}`, { token: admin, body: { permissions: ['alphaorb.manage'] } });
    expect(res.statusCode).toBe(200);
    const me = (await t.call('GET', '/api/me', { token: member })).json().data;
    expect(me.permissions).toEqual(['alphaorb.manage']);
    const unknown = await t.call('PATCH', `/api/staff/members/${memberId}`, { token: admin, body: { permissions: ['staff.access'] } });
    expect(unknown.statusCode).toBe(422);
  });

  it('lets only admins change roles', async () => {
    const byMentor = await t.call('PUT', `/api/staff/members/${memberId}/roles`, { token: mentor, body: { roles: ['admin'] } });
    expect(byMentor.statusCode).toBe(403);
    const byAdmin = await t.call('PUT', `/api/staff/members/${memberId}/roles`, { token: admin, body: { roles: ['mentor'] } });
    expect(byAdmin.statusCode).toBe(200);
    const me = (await t.call('GET', '/api/me', { token: member })).json().data;
    expect(me.roles.map((r: { name: string }) => r.name)).toEqual(['mentor']);
    await t.call('PUT', `/api/staff/members/${memberId}/roles`, { token: admin, body: { roles: [] } });
  });

  it('creates a member bought elsewhere, without a password, and sends the invite', async () => {
    const res = await t.call('POST', '/api/staff/members', {
      token: admin,
      body: { email: 'Skool.Buyer@test.local', first_name: 'Skool', last_name: 'Buyer', vendor: 'skool', plan_key: 'trader' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'skool.buyer@test.local', invite_pending: true, vendor: 'skool' });
    const link = t.mailer.linkIn('skool.buyer@test.local');
    expect(link).toContain('/account/invite/');
    const duplicate = await t.call('POST', '/api/staff/members', {
      token: admin,
      body: { email: 'skool.buyer@test.local', first_name: 'Again', last_name: 'Buyer', vendor: 'skool', plan_key: 'trader' },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.email).toEqual(['A member with this email already exists.']);
  });

  it('edits non-Stripe memberships and refuses Stripe ones', async () => {
    const res = await t.call('PUT', `/api/staff/members/${memberId}/subscription`, {
      token: admin,
      body: { vendor: 'skool', plan_key: 'automation', status: 'active', current_period_end: '2027-01-31T00:00:00Z' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.subscription).toMatchObject({ vendor: 'skool', plan_name: 'Trader + Automation' });
    const stripeMember = await createMember(t.ctx, { subscription: { vendor: 'stripe', stripeSubscriptionId: 'sub_123' } });
    const refused = await t.call('PUT', `/api/staff/members/${stripeMember.id}/subscription`, {
      token: admin,
      body: { vendor: 'internal', plan_key: 'trader', status: 'active', current_period_end: null },
    });
    expect(refused.statusCode).toBe(422);
  });

  it('answers 404 for unknown members', async () => {
    const res = await t.call('GET', '/api/staff/members/not-a-uuid', { token: admin });
    expect(res.statusCode).toBe(404);
  });
});
