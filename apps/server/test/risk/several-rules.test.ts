/**
 * One check that breaks several rules at once (issue #22): the breach names every rule broken,
 * on the lock, in the review log, in the member's notice and e-mail and in the compliance list,
 * and keeps each rule's numbers apart (a daily and a per-trade limit and loss share key names).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications, tradingAccounts } from '../../src/db/schema/index.ts';
import type { BrokerPosition } from '../../src/modules/broker/index.ts';
import { enforceAccount, type EnforcementOptions } from '../../src/modules/risk/enforcement.ts';
import { signedInMember } from '../support/members.ts';
import { DAILY_LOSS_500 } from '../support/risk-rules.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
// Wednesday 7 January 2026, 10:00 in Toronto.
const clock = new Date('2026-01-07T15:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

/** One open trade losing $600 on an account down $1,000 on the day (balance 10,000, equity 9,000). */
const losingTrade: BrokerPosition = {
  id: '7001',
  tradableInstrumentId: '1',
  routeId: '1',
  side: 'buy',
  qty: '1',
  avgPrice: '20000',
  stopLossId: null,
  takeProfitId: null,
  openDate: clock.getTime(),
  unrealizedPl: '-600',
  strategyId: null,
};

function brokerWith(positions: BrokerPosition[]): EnforcementOptions {
  return {
    brokerFor: () => ({
      accountState: async () => ({ balance: 10_000, equity: 9_000 }),
      positions: async () => positions,
      orders: async () => [],
      ordersHistory: async () => [],
      cancelOrder: async () => undefined,
      closePosition: async (id) => void positions.splice(positions.findIndex((p) => p.id === id), 1),
    }),
  };
}

describe('a check that breaks several rules', () => {
  it('records, shows and tells every rule broken, not only the first', async () => {
    const member = await signedInMember(t);
    const [account] = await t.ctx.db
      .insert(tradingAccounts)
      .values({ userId: member.id, environment: 'demo', brokerAccountId: '5001', accNum: '5001', name: 'Prop 50K', balance: '10000.00' })
      .returning();
    const set = await t.call('PUT', `/api/risk/accounts/${account!.id}/rules`, {
      token: member.token,
      body: { ...DAILY_LOSS_500, max_trade_loss: 300 },
    });
    expect(set.statusCode, set.body).toBe(200);

    const broker = brokerWith([{ ...losingTrade }]);
    expect(await enforceAccount(t.ctx, account!.id, broker)).toMatchObject({ kind: 'checked', locked: true, breaches: ['daily_loss', 'trade_loss'] });

    const lock = (await t.call('GET', `/api/risk/accounts/${account!.id}/lock`, { token: member.token })).json<{
      data: { locked: boolean; rule: string; rules: string[]; message: string; numbers: Record<string, unknown> };
    }>().data;
    expect(lock).toMatchObject({ locked: true, rule: 'daily_loss', rules: ['daily_loss', 'trade_loss'] });
    expect(lock.message).toMatch(/max daily loss of \$500\.00.*max loss per trade of \$300\.00/);
    // Each rule's limit and loss kept apart.
    expect(lock.numbers).toMatchObject({ 'daily_loss.limit': '500.00', 'daily_loss.loss': '1000.00', 'trade_loss.limit': '300.00', 'trade_loss.loss': '600.00' });

    const review = (await t.call('GET', '/api/risk/review', { token: member.token })).json<{ data: Array<{ kind: string; rules: string[] }> }>().data;
    expect(review.map((e) => [e.kind, e.rules])).toEqual([['breach', ['daily_loss', 'trade_loss']]]);

    const [notice] = await t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, member.id), eq(notifications.kind, 'risk')));
    expect(notice!.body).toMatch(/^Max daily loss, Max loss per trade: /);
    await t.runJobs('notifications.deliver');
    const [mail] = t.mailer.sent.filter((m) => m.to === member.email);
    expect(mail!.text).toMatch(/were broken: Max daily loss, Max loss per trade: /);

    const compliance = await t.call('GET', '/api/risk/compliance?from=2026-01-07&to=2026-01-07', { token: member.token });
    expect(compliance.json()).toEqual({ data: [{ date: '2026-01-07', status: 'broken', broken_rules: ['Max daily loss', 'Max loss per trade'] }] });
  });
});
