/**
 * /api/me is kept per member and revision by each app instance (keptProfile). Whatever changes
 * what it shows, written through either instance or straight to the database (a webhook, a staff
 * screen, a job), must show at once on both instances, byte for byte what an instance computing
 * afresh (ANSWER_CACHE off) answers; and a member never gets another member's profile.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alphaorbBots, roles, subscriptions, tradingAccounts, userRoles, users } from '../../src/db/schema/index.ts';
import { signedInMember } from '../support/members.ts';
import { createTestApp, secondInstance, type TestApp } from '../support/test-app.ts';
import { linkAccount } from '../trades/fixtures.ts';

let t: TestApp;
type Instance = Awaited<ReturnType<typeof secondInstance>>;
let second: Instance;
let fresh: Instance;
let member: Awaited<ReturnType<typeof signedInMember>>;
let other: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestApp();
  second = await secondInstance(t);
  fresh = await secondInstance(t, { ANSWER_CACHE: false });
  [member, other] = await Promise.all([signedInMember(t), signedInMember(t)]);
}, 120_000);
afterAll(async () => {
  await second.close();
  await fresh.close();
  await t.close();
});

/** Both caching instances, twice each (computed, then kept), answer what a fresh computation does. */
async function expectSameEverywhere(who = member) {
  const expected = await fresh.call('GET', '/api/me', { token: who.token });
  expect(expected.statusCode).toBe(200);
  for (const instance of [t, second, t, second]) {
    const answer = await instance.call('GET', '/api/me', { token: who.token });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(expected.body);
  }
  return expected.json().data;
}

describe('the profile kept per revision', () => {
  it('shows every kind of write at once on both instances', { timeout: 120_000 }, async () => {
    await expectSameEverywhere();
    await expectSameEverywhere(other);

    // Details through the second instance.
    const details = await second.call('PATCH', '/api/me/details', { token: member.token, body: { first_name: 'Renamed' } });
    expect(details.statusCode).toBe(200);
    expect((await expectSameEverywhere()).first_name).toBe('Renamed');

    // The subscription moved by the billing webhook (straight to the database).
    await t.ctx.db.update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.userId, member.id));
    expect((await expectSameEverywhere()).subscription.cancel_at_period_end).toBe(true);

    // A role granted by staff, then its permissions changed.
    await t.ctx.db.insert(userRoles).values({ userId: member.id, roleName: 'mentor' });
    expect((await expectSameEverywhere()).roles.map((r: { name: string }) => r.name)).toEqual(['mentor']);
    const [mentor] = await t.ctx.db.select().from(roles).where(eq(roles.name, 'mentor'));
    await t.ctx.db.update(roles).set({ permissions: [...mentor!.permissions, 'staff.extra'] }).where(eq(roles.name, 'mentor'));
    expect((await expectSameEverywhere()).roles[0].permissions).toContain('staff.extra');
    await t.ctx.db.update(roles).set({ permissions: mentor!.permissions }).where(eq(roles.name, 'mentor'));
    await t.ctx.db.delete(userRoles).where(eq(userRoles.userId, member.id));
    expect((await expectSameEverywhere()).roles).toEqual([]);

    // A linked account, its balance moved by a sync, and a bot trading it.
    const account = await linkAccount(t.ctx, member.id);
    expect((await expectSameEverywhere()).linked_accounts).toHaveLength(1);
    await t.ctx.db.update(tradingAccounts).set({ balance: '1234.50' }).where(eq(tradingAccounts.id, account.id));
    expect((await expectSameEverywhere()).linked_accounts[0].balance).toBe(1234.5);
    await t.ctx.db
      .insert(alphaorbBots)
      .values({ userId: member.id, tradingAccountId: account.id, label: 'Morning NAS100', instrumentId: '1001', instrumentSymbol: 'NAS100', runDays: ['mon'] });
    expect((await expectSameEverywhere()).linked_accounts[0].alphaorb_bots_count).toBe(1);

    // Suspended by staff: the account area still answers, with the new status.
    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, member.id));
    expect((await expectSameEverywhere()).status).toBe('suspended');

    // The other member's profile was never touched by any of it.
    const theirs = await expectSameEverywhere(other);
    expect(theirs.id).toBe(other.id);
    expect(theirs.first_name).toBe('Test');
  });
});
