import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradingAccounts } from '../../src/db/schema/index.ts';
import { signedInMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let member: Awaited<ReturnType<typeof signedInMember>>;
let other: Awaited<ReturnType<typeof signedInMember>>;
let prop: string;
let swing: string;
let othersAccount: string;

const RULES = {
  max_daily_loss: { mode: 'money', value: 1_000 },
  max_trade_loss: 250,
  max_trades_per_day: 4,
  max_open_lots: 2,
  allowed_sessions: ['New York'],
  cooldown: { after_losses: 2, minutes: 30 },
  warn_only: false,
};

async function linkAccount(userId: string, number: string, label: string, balance: string) {
  const [row] = await t.ctx.db
    .insert(tradingAccounts)
    .values({ userId, environment: 'demo', brokerAccountId: number, accNum: number, name: label, balance })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  member = await signedInMember(t);
  other = await signedInMember(t);
  prop = await linkAccount(member.id, '3001', 'Prop 50K', '50000.00');
  swing = await linkAccount(member.id, '3002', 'Swing', '8000.00');
  othersAccount = await linkAccount(other.id, '3003', 'Theirs', '10000.00');
});
afterAll(() => t.close());

describe('Risk Manager rules per linked account', () => {
  it('lists the member’s accounts with their broker balance and no rules yet', async () => {
    const res = await t.call('GET', '/api/risk', { token: member.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      accounts: [
        { account_id: prop, label: 'Prop 50K', balance: 50_000, currency: 'USD', rules: null, preset_id: null, rules_updated_at: null },
        { account_id: swing, label: 'Swing', balance: 8_000, currency: 'USD', rules: null, preset_id: null, rules_updated_at: null },
      ],
      presets: [],
    });
  });

  it('saves an account’s rules and reads them back', async () => {
    const res = await t.call('PUT', `/api/risk/accounts/${prop}/rules`, { token: member.token, body: RULES });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rules).toEqual(RULES);
    const overview = (await t.call('GET', '/api/risk', { token: member.token })).json().data;
    expect(overview.accounts[0].rules).toEqual(RULES);
    expect(overview.accounts[1].rules).toBeNull();
  });

  it.each([
    ['a daily loss of 0', { ...RULES, max_daily_loss: { mode: 'money', value: 0 } }, 'max_daily_loss.value', 'The max daily loss must be above 0.'],
    ['a daily loss above the balance', { ...RULES, max_daily_loss: { mode: 'money', value: 60_000 } }, 'max_daily_loss.value', "The max daily loss cannot be more than the account's balance ($50,000.00)."],
    ['a daily loss above 100 %', { ...RULES, max_daily_loss: { mode: 'percent', value: 150 } }, 'max_daily_loss.value', 'The max daily loss cannot be more than 100% of the start-of-day balance.'],
    ['a trade loss above the daily loss', { ...RULES, max_trade_loss: 1_500 }, 'max_trade_loss', 'The max loss per trade cannot be more than the max daily loss.'],
    ['a session twice', { ...RULES, allowed_sessions: ['New York', 'New York'] }, 'allowed_sessions', 'Each session can be allowed only once.'],
    ['an unknown session', { ...RULES, allowed_sessions: ['Tokyo'] }, 'allowed_sessions', 'Choose sessions from: Asian Range, London, Early Premarket, Premarket, New York, After Hours.'],
    ['a cool-down of 0 minutes', { ...RULES, cooldown: { after_losses: 2, minutes: 0 } }, 'cooldown.minutes', 'A cool-down lasts 1 to 1,440 minutes.'],
    [
      'no rule at all',
      { max_daily_loss: null, max_trade_loss: null, max_trades_per_day: null, max_open_lots: null, allowed_sessions: [], cooldown: null, warn_only: true },
      'max_daily_loss',
      'Set at least one rule.',
    ],
  ])('refuses %s with a clear message, changing nothing', async (_, body, field, message) => {
    const res = await t.call('PUT', `/api/risk/accounts/${prop}/rules`, { token: member.token, body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect((await t.call('GET', '/api/risk', { token: member.token })).json().data.accounts[0].rules).toEqual(RULES);
  });

  it('answers 404 for another member’s account, exactly like a missing one', async () => {
    for (const id of [othersAccount, '00000000-0000-0000-0000-000000000000', 'not-an-id']) {
      const put = await t.call('PUT', `/api/risk/accounts/${id}/rules`, { token: member.token, body: RULES });
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe('Trading account not found.');
      expect((await t.call('DELETE', `/api/risk/accounts/${id}/rules`, { token: member.token })).statusCode).toBe(404);
    }
    expect((await t.call('GET', '/api/risk', { token: other.token })).json().data.accounts[0].rules).toBeNull();
  });
});

describe('Risk Manager presets', () => {
  let presetId: string;
  const PRESET_RULES = { ...RULES, max_daily_loss: { mode: 'percent', value: 2 }, max_trade_loss: null, warn_only: true };

  it('creates a preset and applies it to several accounts at once', async () => {
    const created = await t.call('POST', '/api/risk/presets', { token: member.token, body: { name: 'Prop challenge', rules: PRESET_RULES } });
    expect(created.statusCode).toBe(201);
    presetId = created.json().data.id;
    const res = await t.call('POST', `/api/risk/presets/${presetId}/apply`, { token: member.token, body: { account_ids: [prop, swing] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((a: { label: string; rules: unknown; preset_id: string }) => [a.label, a.rules, a.preset_id])).toEqual([
      ['Prop 50K', PRESET_RULES, presetId],
      ['Swing', PRESET_RULES, presetId],
    ]);
  });

  it('refuses a second preset of the same name', async () => {
    const res = await t.call('POST', '/api/risk/presets', { token: member.token, body: { name: 'Prop challenge', rules: PRESET_RULES } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['You already have a preset with this name.']);
  });

  it('applies nothing when one account cannot take the preset’s limit', async () => {
    const tight = await t.call('POST', '/api/risk/presets', {
      token: member.token,
      body: { name: 'Big loss', rules: { ...RULES, max_daily_loss: { mode: 'money', value: 9_000 }, max_trade_loss: null } },
    });
    const res = await t.call('POST', `/api/risk/presets/${tight.json().data.id}/apply`, { token: member.token, body: { account_ids: [prop, swing] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.account_ids).toEqual(["Swing: The max daily loss cannot be more than the account's balance ($8,000.00)."]);
    const accounts = (await t.call('GET', '/api/risk', { token: member.token })).json().data.accounts;
    expect(accounts.map((a: { preset_id: string }) => a.preset_id)).toEqual([presetId, presetId]);
  });

  it('keeps other members out of a preset and its accounts out of the member’s', async () => {
    const theirs = await t.call('POST', `/api/risk/presets/${presetId}/apply`, { token: other.token, body: { account_ids: [othersAccount] } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Preset not found.');
    const mixed = await t.call('POST', `/api/risk/presets/${presetId}/apply`, { token: member.token, body: { account_ids: [prop, othersAccount] } });
    expect(mixed.statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/risk/presets/${presetId}`, { token: other.token })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/risk', { token: other.token })).json().data.presets).toEqual([]);
  });

  it('logs every change with the rules before and after, newest first, for the member only', async () => {
    await t.call('DELETE', `/api/risk/accounts/${swing}/rules`, { token: member.token });
    expect((await t.call('DELETE', `/api/risk/presets/${presetId}`, { token: member.token })).statusCode).toBe(200);
    const log = (await t.call('GET', '/api/risk/changes', { token: member.token })).json().data;
    expect(log.map((c: { subject_label: string; action: string }) => `${c.subject_label} ${c.action}`)).toEqual([
      'Prop challenge deleted',
      'Swing removed',
      'Big loss created',
      'Swing applied',
      'Prop 50K applied',
      'Prop challenge created',
      'Prop 50K set',
    ]);
    expect(log[1]).toMatchObject({ before: PRESET_RULES, after: null });
    expect(log[4]).toMatchObject({ before: RULES, after: PRESET_RULES });
    // The preset is gone; the account keeps the rules it was given, no longer tied to it.
    const prop50 = (await t.call('GET', '/api/risk', { token: member.token })).json().data.accounts[0];
    expect(prop50).toMatchObject({ rules: PRESET_RULES, preset_id: null });
    expect((await t.call('GET', '/api/risk/changes', { token: other.token })).json().data).toEqual([]);
  });
});
