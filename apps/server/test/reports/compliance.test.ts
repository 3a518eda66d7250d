/**
 * The reports' rules compliance breakdown (issue #22): the trading days kept and broken, each
 * side's day count, net P&L, average per day and win rate of days, within the report's dates
 * and account. The member's January (fixtures.ts) under a max daily loss from Tuesday the 6th,
 * broken on Thursday the 8th (a −30 day) and on Tuesday the 13th (no trades in the journal).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforceAccount } from '../../src/modules/risk/enforcement.ts';
import { signedInMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { losingBroker } from '../risk/losing-broker.ts';
import { seedJanuary } from './fixtures.ts';
import { DAILY_LOSS_500 } from '../support/risk-rules.ts';

let t: TestApp;
let clock = new Date('2026-01-20T15:00:00Z');
let member: Awaited<ReturnType<typeof signedInMember>>;
let other: Awaited<ReturnType<typeof signedInMember>>;
let accountId: string;


async function breakdown(token: string, query: string) {
  const res = await t.call('GET', `/api/reports/compliance${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const none = { days: 0, net: 0, average_net: null, winning_days: 0, win_rate: null };

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  member = await signedInMember(t);
  other = await signedInMember(t);
  ({ accountId } = await seedJanuary(t, member, member.token));
  clock = new Date('2026-01-06T15:00:00Z');
  const res = await t.call('PUT', `/api/risk/accounts/${accountId}/rules`, { token: member.token, body: DAILY_LOSS_500 });
  expect(res.statusCode, res.body).toBe(200);
  for (const at of ['2026-01-08T16:00:00Z', '2026-01-13T16:00:00Z']) {
    clock = new Date(at);
    expect(await enforceAccount(t.ctx, accountId, losingBroker)).toMatchObject({ breaches: ['daily_loss'] });
  }
  clock = new Date('2026-01-14T15:00:00Z');
});
afterAll(() => t.close());

describe('rules compliance in the reports', () => {
  it('splits the traded days into kept and broken; a broken day counts without trades, a day before the rules not at all', async () => {
    // Kept: the 6th +140.40, the 7th 0, the 9th +15.75, the 12th +190 (a label's trades count for the day).
    expect(await breakdown(member.token, '')).toEqual({
      kept: { days: 4, net: 346.15, average_net: 86.54, winning_days: 3, win_rate: 75 },
      broken: { days: 2, net: -30, average_net: -15, winning_days: 0, win_rate: 0 },
    });
  });

  it('keeps to the report’s dates and linked account; an imported label has no rules', async () => {
    expect(await breakdown(member.token, '?from=2026-01-08&to=2026-01-09')).toEqual({
      kept: { days: 1, net: 15.75, average_net: 15.75, winning_days: 1, win_rate: 100 },
      broken: { days: 1, net: -30, average_net: -30, winning_days: 0, win_rate: 0 },
    });
    expect(await breakdown(member.token, `?account_id=${accountId}`)).toEqual({
      kept: { days: 3, net: 156.15, average_net: 52.05, winning_days: 2, win_rate: 66.7 },
      broken: { days: 2, net: -30, average_net: -15, winning_days: 0, win_rate: 0 },
    });
    expect(await breakdown(member.token, '?account_id=label:Prop')).toEqual({ kept: none, broken: none });
  });

  it('shows another member nothing of it', async () => {
    expect(await breakdown(other.token, '')).toEqual({ kept: none, broken: none });
    expect(await breakdown(other.token, `?account_id=${accountId}`)).toEqual({ kept: none, broken: none });
  });

  it('refuses a To date before the From date with 422', async () => {
    const res = await t.call('GET', '/api/reports/compliance?from=2026-01-09&to=2026-01-08', { token: member.token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.to).toContain('The To date must be on or after the From date.');
  });
});
