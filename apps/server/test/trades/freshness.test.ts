/**
 * The trade log, TradeDesk and the performance report answer repeat reads from memory while the
 * member's trades (and, for the report, their journal) are unchanged. These tests run two app instances over one database (as production does) and
 * write through every path, checking that no instance ever shows a stale answer.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeRevisions, tradingAccounts } from '../../src/db/schema/index.ts';
import { upsertSyncedTrades } from '../../src/modules/trades/index.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, secondInstance, type TestApp } from '../support/test-app.ts';
import { SYNCED, linkAccount, seedWeek } from './fixtures.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
let member: { id: string };
let token: string;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp();
  other = await secondInstance(t);
  const created = await createMember(t.ctx);
  member = created;
  token = await t.login(created.email, created.password);
  accountId = (await seedWeek(t, created, token)).account.id;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Client = Pick<TestApp, 'call'>;
const read = async (client: Client, url: string) => {
  const res = await client.call('GET', url, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const page = (client: Client) => read(client, '/api/trades/order-history?per_page=50');
const week = async (client: Client) => {
  const { data } = await read(client, '/api/trades/day-summaries?from=2026-01-05&to=2026-01-11');
  return Object.fromEntries(data.map((d: { date: string; net: number; trades: number }) => [d.date, [d.net, d.trades]]));
};
const revisions = async () => {
  const [row] = await t.ctx.db.select().from(tradeRevisions).where(eq(tradeRevisions.userId, member.id));
  return { trades: row?.revision ?? 0, journal: row?.journalRevision ?? 0 };
};
const revision = async () => (await revisions()).trades;
const report = async (client: Client) => (await read(client, '/api/reports/performance')).data;

describe('repeat reads of the trade log and TradeDesk', () => {
  it('show a manual trade written through the other instance, and its removal', async () => {
    const before = await page(t);
    const weekBefore = await week(t);
    expect(await page(other)).toEqual(before);

    const res = await other.call('POST', '/api/trades/manual', {
      token,
      body: { instrument: 'EURUSD', side: 'BUY', entry_time: '2026-01-08T15:00:00Z', exit_time: '2026-01-08T15:30:00Z', net_pnl: '12.5' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;

    const after = await page(t);
    expect(after.meta.total).toBe(before.meta.total + 1);
    expect(after.data.map((trade: { id: string }) => trade.id)).toContain(created.id);
    expect(after.meta.instruments).toContain('EURUSD');
    const [net, count] = weekBefore['2026-01-08'];
    expect((await week(t))['2026-01-08']).toEqual([net + 12.5, count + 1]);
    // A filter first answered before the write is counted again too.
    expect((await read(t, '/api/trades/order-history?instrument=eur')).meta.total).toBe(1);

    expect((await t.call('DELETE', `/api/trades/manual/${created.manual_trade_id}`, { token })).statusCode).toBe(200);
    expect((await page(other)).meta.total).toBe(before.meta.total);
    expect((await read(other, '/api/trades/order-history?instrument=eur')).meta.total).toBe(0);
    expect(await week(other)).toEqual(weekBefore);
  });

  it('show what a background sync wrote, including changed amounts of known positions', async () => {
    await page(t);
    await week(t);
    // The worker's sync writes straight through the trades module, outside any request.
    const amended = SYNCED.map((trade) => (trade.brokerPositionId === 'P1' ? { ...trade, netPnl: '99.5', grossPnl: '99.5' } : trade));
    await upsertSyncedTrades(t.ctx.db, {
      userId: member.id,
      tradingAccountId: accountId,
      accountLabel: 'Apex Live',
      accountIdentifier: 'L#1001',
      trades: amended,
    });
    const p1 = (await page(t)).data.find((trade: { position_id: string | null }) => trade.position_id === 'P1');
    expect(p1.net_pnl).toBe('99.5');
    expect((await week(t))['2026-01-05'][0]).toBeCloseTo(99.5 - 45.25, 6);
  });

  it("show a linked account's new label in the account filter", async () => {
    expect((await page(other)).meta.accounts).toContainEqual({ id: accountId, label: 'Apex Live' });
    await t.ctx.db.update(tradingAccounts).set({ label: 'Apex Funded' }).where(eq(tradingAccounts.id, accountId));
    expect((await page(other)).meta.accounts).toContainEqual({ id: accountId, label: 'Apex Funded' });
  });

  it('move the revision once per write, and only for the member written', async () => {
    const start = await revision();
    const bystander = await createMember(t.ctx);
    await t.ctx.db.execute(sql`update trades set notes = 'reviewed' where user_id = ${member.id}`);
    expect(await revision()).toBe(start + 1);
    await upsertSyncedTrades(t.ctx.db, {
      userId: bystander.id,
      tradingAccountId: (await linkAccount(t.ctx, bystander.id)).id,
      accountLabel: 'Elsewhere',
      accountIdentifier: null,
      trades: SYNCED.slice(0, 2),
    });
    expect(await revision()).toBe(start + 1);
  });
});

describe('repeat reads of the performance report', () => {
  it('show a journal edit made through the other instance, without moving the trade revision', async () => {
    const trade = (await page(t)).data[0];
    const before = await report(t);
    expect(await report(other)).toEqual(before);
    expect(before.breakdowns.tag ?? []).not.toContainEqual(expect.objectContaining({ key: 'Cached?' }));
    const start = await revisions();

    const res = await other.call('PUT', `/api/journals/days/${trade.trade_date}/trades/${trade.id}`, {
      token,
      body: { labels: ['Cached?'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await revisions()).toEqual({ trades: start.trades, journal: start.journal + 1 });

    const tags = (await report(t)).breakdowns.tag;
    expect(tags).toContainEqual(expect.objectContaining({ key: 'Cached?', trades: 1 }));
    // A day's tags count for its trades too.
    const day = await other.call('PUT', `/api/journals/days/${trade.trade_date}`, { token, body: { tags: ['Day tag'] } });
    expect(day.statusCode, day.body).toBe(200);
    expect((await report(t)).breakdowns.tag).toContainEqual(expect.objectContaining({ key: 'Day tag' }));
  });

  it('show a trade written through the other instance', async () => {
    const before = await report(t);
    const res = await other.call('POST', '/api/trades/manual', {
      token,
      body: { instrument: 'EURUSD', side: 'BUY', entry_time: '2026-01-09T15:00:00Z', exit_time: '2026-01-09T15:30:00Z', net_pnl: '40' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await report(t);
    expect(after.totals.trades).toBe(before.totals.trades + 1);
    expect(after.totals.net).toBeCloseTo(before.totals.net + 40, 6);
    expect((await t.call('DELETE', `/api/trades/manual/${res.json().data.manual_trade_id}`, { token })).statusCode).toBe(200);
    expect(await report(other)).toEqual(before);
  });

  it('keep one member\'s answers from another', async () => {
    const stranger = await createMember(t.ctx);
    const strangerToken = await t.login(stranger.email, stranger.password);
    const own = await report(t);
    const res = await t.call('GET', '/api/reports/performance', { token: strangerToken });
    expect(res.json().data.totals.trades).toBe(0);
    expect(own.totals.trades).toBeGreaterThan(0);
  });
});
