import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingAccounts } from '../../src/db/schema/index.ts';
import { signedInMember, type MemberOptions } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signedIn = (options: MemberOptions = {}) => signedInMember(t, options);

let accounts = 0;
async function linkedAccount(userId: string, values: Partial<typeof tradingAccounts.$inferInsert> = {}) {
  accounts += 1;
  const [row] = await t.ctx.db
    .insert(tradingAccounts)
    .values({
      userId,
      environment: 'demo',
      brokerAccountId: `${700000 + accounts}`,
      accNum: '1',
      name: `TL Demo ${accounts}`,
      currency: 'USD',
      balance: '25000.50',
      ...values,
    })
    .returning();
  return row!;
}

const rowOf = async (id: string) =>
  (await t.ctx.database.query<{ status: string; updated_at: Date }>('select status, updated_at from trading_accounts where id = $1', [id]))[0];

describe('PATCH /api/trading-accounts/:id', () => {
  it('disables a linked account; the profile then shows it disabled', async () => {
    const m = await signedIn();
    const account = await linkedAccount(m.id);
    const res = await t.call('PATCH', `/api/trading-accounts/${account.id}`, { token: m.token, body: { status: 'disabled' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'disabled', updated_at: expect.any(String) });

    const [linked] = (await t.call('GET', '/api/me', { token: m.token })).json().data.linked_accounts;
    expect(linked).toMatchObject({ id: account.id, status: 'disabled', disabled: true, connection: 'disabled', balance: 25000.5 });
  });

  it('is open to suspended members, who manage their accounts from the account area', async () => {
    const m = await signedIn({ status: 'suspended' });
    const account = await linkedAccount(m.id);
    const res = await t.call('PATCH', `/api/trading-accounts/${account.id}`, { token: m.token, body: { status: 'disabled' } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses to reactivate an account whose broker login must be entered again', async () => {
    const m = await signedIn();
    const account = await linkedAccount(m.id, { status: 'disabled', connection: 'needs_relink' });
    const res = await t.call('PATCH', `/api/trading-accounts/${account.id}`, { token: m.token, body: { status: 'active' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.status).toEqual(['Re-link this account with your TradeLocker login to reactivate it.']);
    expect((await rowOf(account.id))!.status).toBe('disabled');
  });

  it('refuses an unknown status with a field error', async () => {
    const m = await signedIn();
    const account = await linkedAccount(m.id);
    const res = await t.call('PATCH', `/api/trading-accounts/${account.id}`, { token: m.token, body: { status: 'removed' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('status');
    expect((await rowOf(account.id))!.status).toBe('active');
  });

  it('answers 404 for another member’s account and changes nothing', async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    const account = await linkedAccount(owner.id);
    const before = await rowOf(account.id);

    const res = await t.call('PATCH', `/api/trading-accounts/${account.id}`, { token: intruder.token, body: { status: 'disabled' } });
    const missing = await t.call('PATCH', '/api/trading-accounts/00000000-0000-4000-8000-000000000000', {
      token: intruder.token,
      body: { status: 'disabled' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(missing.json());
    expect(await rowOf(account.id)).toEqual(before);
  });

  it('requires authentication', async () => {
    const m = await signedIn();
    const account = await linkedAccount(m.id);
    const res = await t.call('PATCH', `/api/trading-accounts/${account.id}`, { body: { status: 'disabled' } });
    expect(res.statusCode).toBe(401);
    expect((await rowOf(account.id))!.status).toBe('active');
  });
});

describe('DELETE /api/trading-accounts/:id', () => {
  it('removes the member’s account from their profile', async () => {
    const m = await signedIn();
    const kept = await linkedAccount(m.id);
    const removed = await linkedAccount(m.id);
    const res = await t.call('DELETE', `/api/trading-accounts/${removed.id}`, { token: m.token });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(removed.id)).toBeUndefined();
    const linked = (await t.call('GET', '/api/me', { token: m.token })).json().data.linked_accounts;
    expect(linked.map((a: { id: string }) => a.id)).toEqual([kept.id]);
  });

  it('answers 404 for another member’s account, or a malformed id, and deletes nothing', async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    const account = await linkedAccount(owner.id);
    const res = await t.call('DELETE', `/api/trading-accounts/${account.id}`, { token: intruder.token });
    const malformed = await t.call('DELETE', "/api/trading-accounts/1'%20or%201=1", { token: intruder.token });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Trading account not found.');
    expect(malformed.statusCode).toBe(404);
    expect(await rowOf(account.id)).toBeDefined();
  });

  it('requires the XSRF header', async () => {
    const m = await signedIn();
    const account = await linkedAccount(m.id);
    const res = await t.call('DELETE', `/api/trading-accounts/${account.id}`, { token: m.token, xsrf: false });
    expect(res.statusCode).toBe(419);
    expect(await rowOf(account.id)).toBeDefined();
  });
});
