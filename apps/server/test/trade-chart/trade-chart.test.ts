import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVER, barsFor, startBrokerSim, type StartedBrokerSim } from '@th/broker-sim';
import { TRADE_CHART_MESSAGES, type TradeChart } from '@th/contracts';
import { aggregateBars, tradeExcursions as measure } from '@th/domain';
import { alphaorbBotRuns, alphaorbBots, tradeExcursions, trades } from '../../src/db/schema/index.ts';
import { linkAccount } from '../trades/fixtures.ts';
import { tradeExcursionsBackfillJob } from '../../src/modules/trade-chart/jobs.ts';
import { backfillExcursions } from '../../src/modules/trade-chart/service.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
let t: TestApp;
let sim: StartedBrokerSim;
let member: { id: string; token: string };
const clock = { now: Date.parse('2025-03-03T15:00:00Z') };
const marketData = () => ({
  MARKET_DATA_URL: sim.url,
  MARKET_DATA_EMAIL: DEMO_EMAIL,
  MARKET_DATA_PASSWORD: DEMO_PASSWORD,
  MARKET_DATA_SERVER: DEMO_SERVER,
  BROKER_RETRY_BASE_MS: '0',
});

beforeAll(async () => {
  sim = await startBrokerSim({ now: () => clock.now });
  t = await createTestApp({ now: () => new Date(clock.now), env: marketData() });
  const created = await createMember(t.ctx);
  member = { id: created.id, token: await t.login(created.email, created.password) };
});

afterAll(async () => {
  await t.close();
  await sim.close();
});

afterEach(() => vi.restoreAllMocks());

type TradeValues = Partial<typeof trades.$inferInsert>;

/** A closed linked trade of the member; its public id is its number. */
async function addTrade(userId: string, values: TradeValues = {}) {
  const [row] = await t.ctx.db
    .insert(trades)
    .values({
      userId,
      source: 'linked',
      instrument: 'NAS100',
      side: 'buy',
      quantity: '2',
      entryTime: new Date('2025-02-03T14:35:30Z'),
      exitTime: new Date('2025-02-03T14:52:10Z'),
      entryPrice: '21000',
      exitPrice: '21010',
      stopLoss: '20990',
      takeProfit: '21030',
      netPnl: '20',
      tradeDate: '2025-02-03',
      ...values,
    })
    .returning();
  return row!;
}

/** Counts every request the server sends to the simulator, and the history calls among them. */
function countBrokerCalls() {
  const real = globalThis.fetch;
  const calls = { all: 0, history: 0 };
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.startsWith(sim.url)) {
      calls.all += 1;
      if (url.includes('/trade/history')) calls.history += 1;
    }
    return real(input, init);
  });
  return calls;
}

async function chartOf(id: string | number, query = '', token = member.token) {
  const res = await t.call('GET', `/api/trades/${id}/chart${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TradeChart }>().data;
}

describe('GET /api/trades/:tradeId/chart', () => {
  it('answers 401 signed out, and 404 for a missing trade or another member’s', async () => {
    const trade = await addTrade(member.id);
    expect((await t.call('GET', `/api/trades/${trade.id}/chart`)).statusCode).toBe(401);
    const other = await createMember(t.ctx);
    const otherToken = await t.login(other.email, other.password);
    const theirs = await t.call('GET', `/api/trades/${trade.id}/chart`, { token: otherToken });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Trade not found.');
    expect((await t.call('GET', '/api/trades/999999/chart', { token: member.token })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/trades/not-a-trade/chart', { token: member.token })).statusCode).toBe(404);
  });

  it('refuses a timeframe other than 1, 5 or 15 minutes with a 422', async () => {
    const trade = await addTrade(member.id);
    const res = await t.call('GET', `/api/trades/${trade.id}/chart?timeframe=7`, { token: member.token });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(TRADE_CHART_MESSAGES.timeframe);
  });

  it('fills the window from the market data once, then answers from the cache without a broker call', async () => {
    const trade = await addTrade(member.id);
    const cold = countBrokerCalls();
    const chart = await chartOf(trade.id);
    expect(cold.history).toBe(1);
    vi.restoreAllMocks();

    // 16 min 40 s long: padded 30 minutes on each side, on whole minutes.
    expect(chart.from).toBe('2025-02-03T14:05:00.000Z');
    expect(chart.to).toBe('2025-02-03T15:23:00.000Z');
    expect(chart.bars_status).toBe('available');
    const simBars = barsFor('NAS100', Date.parse('2025-02-03T14:05:00Z'), Date.parse('2025-02-03T15:22:00Z'));
    expect(chart.bars.map((b) => b.t)).toEqual(simBars.map((b) => b.t));
    expect(chart.bars[0]).toMatchObject({ o: simBars[0]!.o, h: simBars[0]!.h, l: simBars[0]!.l, c: simBars[0]!.c });
    expect(chart.markers).toEqual([
      { kind: 'entry', time: '2025-02-03T14:35:30.000Z', price: 21000 },
      { kind: 'exit', time: '2025-02-03T14:52:10.000Z', price: 21010 },
      { kind: 'stop', time: null, price: 20990 },
      { kind: 'target', time: null, price: 21030 },
    ]);
    // 9:05 to 10:23 Toronto: the end of Premarket, then New York.
    expect(chart.sessions).toEqual([
      { label: 'Premarket', from: '2025-02-03T14:05:00.000Z', to: '2025-02-03T14:30:00.000Z' },
      { label: 'New York', from: '2025-02-03T14:30:00.000Z', to: '2025-02-03T15:23:00.000Z' },
    ]);
    expect(chart.time_zone).toBe('America/Toronto');
    expect(chart.time_in_trade_ms).toBe(16 * MINUTE + 40_000);
    expect(chart.opening_range).toBeNull();

    // MAE/MFE over the simulator's minutes, in money (2 lots × 1 per point) and R (risk 20).
    const expected = measure(
      { side: 'buy', instrument: 'NAS100', quantity: '2', entry_price: '21000', exit_price: '21010', stop_loss: '20990', entry_time: '2025-02-03T14:35:30Z', exit_time: '2025-02-03T14:52:10Z' },
      simBars,
    )!;
    expect(chart.excursions).toMatchObject({ mae_points: expected.maePoints, mfe_points: expected.mfePoints });
    expect(chart.excursions!.mae_r).toBeCloseTo(chart.excursions!.mae_money! / 20, 2);
    expect(chart.excursions!.mfe_money).toBeCloseTo(expected.mfePoints * 2, 2);

    const warm = countBrokerCalls();
    const five = await chartOf(trade.id, '?timeframe=5');
    expect(warm.all).toBe(0);
    expect(five.timeframe).toBe('5');
    expect(five.bars).toEqual(aggregateBars(simBars, 5));
    expect(five.bars.every((b) => b.t % (5 * MINUTE) === 0)).toBe(true);
    expect(five.excursions).toEqual(chart.excursions);
  });

  it('keeps the MAE and MFE of a charted trade for the reports', async () => {
    const trade = await addTrade(member.id, { side: 'sell', exitPrice: '20995', stopLoss: null, takeProfit: null });
    const chart = await chartOf(trade.id);
    const [kept] = await t.ctx.db.select().from(tradeExcursions).where(eq(tradeExcursions.tradeId, trade.id));
    expect(kept).toMatchObject({ userId: member.id, status: 'measured', maeR: null, mfeR: null });
    expect(Number(kept!.maePoints)).toBe(chart.excursions!.mae_points);
    expect(Number(kept!.mfeMoney)).toBe(chart.excursions!.mfe_money);
    // No stop: money only.
    expect(chart.excursions!.mae_r).toBeNull();
    expect(chart.markers.map((m) => m.kind)).toEqual(['entry', 'exit']);
  });

  it('says bars are unavailable for an instrument without market data, and keeps that', async () => {
    const trade = await addTrade(member.id, { instrument: 'PORKBELLY' });
    const calls = countBrokerCalls();
    const chart = await chartOf(trade.id);
    expect(calls.all).toBe(0);
    expect(chart).toMatchObject({
      bars_status: 'unavailable',
      unavailable_reason: TRADE_CHART_MESSAGES.unknownInstrument,
      bars: [],
      excursions: null,
      time_in_trade_ms: 16 * MINUTE + 40_000,
    });
    expect(chart.markers.length).toBe(4);
    const [kept] = await t.ctx.db.select().from(tradeExcursions).where(eq(tradeExcursions.tradeId, trade.id));
    expect(kept).toMatchObject({ status: 'unavailable', reason: TRADE_CHART_MESSAGES.unknownInstrument });
  });

  it('says bars are unavailable when the broker is down, invents none and keeps nothing', async () => {
    // A week later: a window the cache does not hold.
    const trade = await addTrade(member.id, { entryTime: new Date('2025-02-10T15:00:00Z'), exitTime: new Date('2025-02-10T15:10:00Z') });
    const real = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      return url.startsWith(sim.url) ? Promise.reject(new TypeError('fetch failed')) : real(input, init);
    });
    const chart = await chartOf(trade.id);
    expect(chart).toMatchObject({ bars_status: 'unavailable', unavailable_reason: TRADE_CHART_MESSAGES.brokerDown, bars: [], excursions: null });
    const kept = await t.ctx.db.select().from(tradeExcursions).where(eq(tradeExcursions.tradeId, trade.id));
    expect(kept).toEqual([]);
  });

  it('says bars are unavailable without a market-data login', async () => {
    const bare = await createTestApp({ now: () => new Date(clock.now) });
    try {
      const owner = await createMember(bare.ctx);
      const token = await bare.login(owner.email, owner.password);
      const [row] = await bare.ctx.db
        .insert(trades)
        .values({ userId: owner.id, source: 'manual', instrument: 'NAS100', side: 'buy', entryTime: new Date('2025-02-03T14:35:00Z'), exitTime: new Date('2025-02-03T14:40:00Z'), entryPrice: '1', exitPrice: '2' })
        .returning();
      const res = await bare.call('GET', `/api/trades/manual-${row!.id}/chart`, { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ bars_status: 'unavailable', unavailable_reason: TRADE_CHART_MESSAGES.noMarketData, bars: [] });
      // A manual trade is named manual-{n}: its bare number is another (missing) trade.
      expect((await bare.call('GET', `/api/trades/${row!.id}/chart`, { token })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('an AlphaORB trade', () => {
  it('carries its run’s opening range, and another member’s run gives none', async () => {
    const account = await linkAccount(t.ctx, member.id);
    const [bot] = await t.ctx.db
      .insert(alphaorbBots)
      .values({ userId: member.id, tradingAccountId: account.id, label: 'ORB', instrumentId: '1', instrumentSymbol: 'NAS100', runDays: ['mon'] })
      .returning();
    const orbStart = Date.parse('2025-02-03T14:30:00Z');
    const [run] = await t.ctx.db
      .insert(alphaorbBotRuns)
      .values({
        botId: bot!.id,
        userId: member.id,
        tradingDay: '2025-02-03',
        state: 'closed',
        testMode: true,
        engine: { state: 'closed', window: { orbStart, orbEnd: orbStart + 15 * MINUTE }, orbHigh: 21050.5, orbLow: 20980.25 },
        settings: {},
        steps: [],
        metrics: {},
        scheduledAt: new Date(orbStart),
        armAt: new Date(orbStart - 5 * MINUTE),
      })
      .returning();
    const trade = await addTrade(member.id, { source: 'paper', botId: bot!.id, botRunId: run!.id, botLeg: 1, orbStart: '09:30', orbRangeMinutes: 15 });
    const chart = await chartOf(trade.id);
    expect(chart.opening_range).toEqual({ from: '2025-02-03T14:30:00.000Z', to: '2025-02-03T14:45:00.000Z', high: 21050.5, low: 20980.25 });

    const stranger = await createMember(t.ctx);
    const theirs = await addTrade(stranger.id, { source: 'paper', botRunId: run!.id, botLeg: 2 });
    const token = await t.login(stranger.email, stranger.password);
    expect((await chartOf(theirs.id, '', token)).opening_range).toBeNull();
  });
});

describe('the MAE/MFE backfill job', () => {
  it('measures unmeasured closed trades a batch at a time, resumes from its cursor, and skips measured ones', async () => {
    const owner = await createMember(t.ctx);
    const added = [];
    for (let i = 0; i < 3; i += 1) {
      const entry = Date.parse('2025-02-04T15:00:00Z') + i * 20 * MINUTE;
      added.push(await addTrade(owner.id, { entryTime: new Date(entry), exitTime: new Date(entry + 5 * MINUTE) }));
    }
    const calls = countBrokerCalls();
    const first = await backfillExcursions(t.ctx, added[0]!.id - 1);
    expect(first.measured).toBe(3);
    expect(calls.history).toBeGreaterThanOrEqual(1);
    const rows = await t.ctx.db.select().from(tradeExcursions).where(eq(tradeExcursions.userId, owner.id));
    expect(rows.map((r) => r.status)).toEqual(['measured', 'measured', 'measured']);

    // Everything measured: the job finds nothing new, calls no broker and enqueues no next batch.
    const sent = vi.spyOn(t.ctx.jobs, 'send');
    const again = countBrokerCalls();
    await tradeExcursionsBackfillJob.handler(t.ctx, { afterId: added[0]!.id - 1 });
    expect(again.all).toBe(0);
    expect(sent).not.toHaveBeenCalled();
  });
});
