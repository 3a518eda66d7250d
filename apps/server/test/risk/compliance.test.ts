/**
 * Rules kept or broken per Toronto trading day (issue #22, review and compliance): a day with a
 * breach is broken (a warn-only breach too), a day under rules without one is kept, days before
 * the rules and after their removal have none, a breach late in the Toronto evening belongs to
 * that Toronto day, and another member's days never show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingAccounts } from '../../src/db/schema/index.ts';
import { enforceAccount } from '../../src/modules/risk/enforcement.ts';
import { signedInMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { losingBroker } from './losing-broker.ts';
import { DAILY_LOSS_500 } from '../support/risk-rules.ts';

let t: TestApp;
let clock = new Date('2026-01-05T15:00:00Z');
let member: Awaited<ReturnType<typeof signedInMember>>;
let other: Awaited<ReturnType<typeof signedInMember>>;
let account: string;
let othersAccount: string;


async function linkAccount(userId: string, number: string) {
  const [row] = await t.ctx.db
    .insert(tradingAccounts)
    .values({ userId, environment: 'demo', brokerAccountId: number, accNum: number, name: `Account ${number}`, balance: '10000.00' })
    .returning();
  return row!.id;
}

async function compliance(token: string, from: string, to: string) {
  const res = await t.call('GET', `/api/risk/compliance?from=${from}&to=${to}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Array<{ date: string; status: string; broken_rules: string[] }> }>().data;
}

async function setRules(token: string, accountId: string, rules: Record<string, unknown> = DAILY_LOSS_500) {
  const res = await t.call('PUT', `/api/risk/accounts/${accountId}/rules`, { token, body: rules });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  member = await signedInMember(t);
  other = await signedInMember(t);
  account = await linkAccount(member.id, '4001');
  othersAccount = await linkAccount(other.id, '4002');
});
afterAll(() => t.close());

describe('rules compliance per trading day', () => {
  it('gives no status to days before any rules', async () => {
    expect(await compliance(member.token, '2026-01-01', '2026-01-05')).toEqual([]);
  });

  it('marks a day broken by its breach, even at 23:30 in Toronto (the next day in UTC), and the days under rules around it kept', async () => {
    // Tuesday 6 January, 10:00 in Toronto: rules saved.
    clock = new Date('2026-01-06T15:00:00Z');
    await setRules(member.token, account);
    // Wednesday 7 January, 23:30 in Toronto (EST) is 04:30 UTC on the 8th.
    clock = new Date('2026-01-08T04:30:00Z');
    expect(await enforceAccount(t.ctx, account, losingBroker)).toMatchObject({ kind: 'checked', breaches: ['daily_loss'] });
    // Friday 9 January: days after today have no status yet.
    clock = new Date('2026-01-09T15:00:00Z');
    expect(await compliance(member.token, '2026-01-01', '2026-01-31')).toEqual([
      { date: '2026-01-06', status: 'kept', broken_rules: [] },
      { date: '2026-01-07', status: 'broken', broken_rules: ['Max daily loss'] },
      { date: '2026-01-08', status: 'kept', broken_rules: [] },
      { date: '2026-01-09', status: 'kept', broken_rules: [] },
    ]);
    expect(await compliance(member.token, '2026-01-07', '2026-01-07')).toEqual([
      { date: '2026-01-07', status: 'broken', broken_rules: ['Max daily loss'] },
    ]);
  });

  it('counts a warn-only breach as broken, and never shows another member’s days', async () => {
    await setRules(other.token, othersAccount, { ...DAILY_LOSS_500, warn_only: true });
    expect(await enforceAccount(t.ctx, othersAccount, losingBroker)).toMatchObject({ kind: 'checked', warnings: ['daily_loss'], breaches: [] });
    expect(await compliance(other.token, '2026-01-01', '2026-01-09')).toEqual([
      { date: '2026-01-09', status: 'broken', broken_rules: ['Max daily loss'] },
    ]);
    expect((await compliance(member.token, '2026-01-09', '2026-01-09'))[0]).toEqual({ date: '2026-01-09', status: 'kept', broken_rules: [] });
  });

  it('keeps the day the rules were removed, and no day after it', async () => {
    // Monday 12 January, 10:00 in Toronto.
    clock = new Date('2026-01-12T15:00:00Z');
    const res = await t.call('DELETE', `/api/risk/accounts/${account}/rules`, { token: member.token });
    expect(res.statusCode, res.body).toBe(200);
    clock = new Date('2026-01-14T15:00:00Z');
    expect(await compliance(member.token, '2026-01-09', '2026-01-14')).toEqual([
      { date: '2026-01-09', status: 'kept', broken_rules: [] },
      { date: '2026-01-10', status: 'kept', broken_rules: [] },
      { date: '2026-01-11', status: 'kept', broken_rules: [] },
      { date: '2026-01-12', status: 'kept', broken_rules: [] },
    ]);
  });

  it.each([
    ['?to=2026-01-31', 'from', 'Choose a From date.'],
    ['?from=2026-01-01', 'to', 'Choose a To date.'],
    ['?from=2026-01-31&to=2026-01-01', 'to', 'The To date must be on or after the From date.'],
    ['?from=2025-01-01&to=2026-01-02', 'to', 'Ask for at most 366 days at a time.'],
    ['?from=5%20Jan&to=2026-03-01', 'from', 'Use the date format YYYY-MM-DD.'],
  ])('refuses %s with 422', async (query, field, message) => {
    const res = await t.call('GET', `/api/risk/compliance${query}`, { token: member.token });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });
});

describe("one account's compliance (TradeDesk's account filter)", () => {
  it('counts only the chosen account, and answers 404 for another member’s account', async () => {
    const owner = await signedInMember(t);
    const breached = await linkAccount(owner.id, '4101');
    const clean = await linkAccount(owner.id, '4102');
    // Tuesday 20 January, 10:00 in Toronto: both accounts protected, one breaks its rule.
    clock = new Date('2026-01-20T15:00:00Z');
    await setRules(owner.token, breached);
    await setRules(owner.token, clean);
    expect(await enforceAccount(t.ctx, breached, losingBroker)).toMatchObject({ breaches: ['daily_loss'] });
    const day = '?from=2026-01-20&to=2026-01-20';
    const of = async (query: string) => {
      const res = await t.call('GET', `/api/risk/compliance${query}`, { token: owner.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: unknown[] }>().data;
    };
    expect(await of(day)).toEqual([{ date: '2026-01-20', status: 'broken', broken_rules: ['Max daily loss'] }]);
    expect(await of(`${day}&account_id=${breached}`)).toEqual([{ date: '2026-01-20', status: 'broken', broken_rules: ['Max daily loss'] }]);
    expect(await of(`${day}&account_id=${clean}`)).toEqual([{ date: '2026-01-20', status: 'kept', broken_rules: [] }]);
    for (const id of [othersAccount, 'not-an-id']) {
      const res = await t.call('GET', `/api/risk/compliance${day}&account_id=${id}`, { token: owner.token });
      expect(res.statusCode, res.body).toBe(404);
    }
  });
});
