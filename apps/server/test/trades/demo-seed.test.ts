import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMembers } from '../../src/seed/demo-members.ts';
import { seedTrades } from '../../src/seed/trades.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-03-18T15:00:00Z') });
  await seedDemoMembers(t.ctx);
});
afterAll(() => t.close());

describe('demo trades', () => {
  it('gives the demo member months of trades and journal notes, once', async () => {
    await seedTrades(t.ctx);
    const token = await t.login('member@example.com', 'Member123!');
    const first = (await t.call('GET', '/api/trades/order-history?per_page=500', { token })).json();
    expect(first.meta.total).toBeGreaterThan(150);
    expect(first.meta.instruments).toEqual(expect.arrayContaining(['NAS100', 'US30', 'XAUUSD']));
    // The demo's synced and manual trades spell their types alike ("Market", never "market").
    expect([...first.meta.types].sort()).toEqual(['Limit', 'Market', 'Stop']);
    expect(first.meta.accounts.map((a: { label: string }) => a.label)).toEqual(['Manual', 'TradeLocker Demo']);
    const sessions = new Set(first.data.map((trade: { session: string }) => trade.session));
    expect(sessions).toEqual(new Set(['New York', 'London']));
    const nets = first.data.map((trade: { net_pnl: string }) => Number(trade.net_pnl));
    expect(nets.some((n: number) => n > 0) && nets.some((n: number) => n < 0)).toBe(true);

    const journalled = first.data[first.data.length - 1].trade_date;
    const day = (await t.call('GET', `/api/journals/days/${journalled}`, { token })).json().data;
    expect(day.overall_notes).toContain('<p>');
    expect(Object.keys(day.trades)).toHaveLength(1);

    await seedTrades(t.ctx);
    expect((await t.call('GET', '/api/trades/order-history', { token })).json().meta.total).toBe(first.meta.total);
  });
});
