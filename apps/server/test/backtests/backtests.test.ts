import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVER, barsFor, startBrokerSim, type StartedBrokerSim } from '@th/broker-sim';
import { FILL_MODEL_DESCRIPTION, backtest } from '@th/domain';
import type { Backtest } from '@th/contracts';
import { marketBarRanges } from '../../src/db/schema/index.ts';
import { backtestRunJob } from '../../src/modules/backtests/jobs.ts';
import { backtestSettings, rangeMs, runBacktest } from '../../src/modules/backtests/service.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let sim: StartedBrokerSim;
let token: string;
const clock = { now: Date.parse('2025-03-03T15:00:00Z') };

const settings = {
  orb_minutes: 15,
  orb_start_local: '09:30',
  run_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
  lot_size: 2,
  order_type: 'market',
  risk_max_daily_trades: 1,
  risk_max_daily_loss: null,
  max_spread: null,
};
const body = (overrides: Record<string, unknown> = {}) => ({
  instrument: 'NAS100',
  from: '2025-02-03',
  to: '2025-02-14',
  settings,
  commission_per_lot: 1.5,
  entry_slippage: 0.2,
  stop_slippage: 0.5,
  ...overrides,
});

beforeAll(async () => {
  sim = await startBrokerSim({ now: () => clock.now });
  t = await createTestApp({
    now: () => new Date(clock.now),
    env: {
      MARKET_DATA_URL: sim.url,
      MARKET_DATA_EMAIL: DEMO_EMAIL,
      MARKET_DATA_PASSWORD: DEMO_PASSWORD,
      MARKET_DATA_SERVER: DEMO_SERVER,
      BROKER_RETRY_BASE_MS: '0',
    },
  });
  const member = await createMember(t.ctx, { permissions: ['alphaorb.manage'] });
  token = await t.login(member.email, member.password);
});

afterAll(async () => {
  await t.close();
  await sim.close();
});

afterEach(() => vi.restoreAllMocks());

/** Counts every request the server sends to the broker, and the history calls among them. */
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

async function queue(overrides: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/alphaorb/backtests', { token, body: body(overrides) });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ message: string; backtest: Backtest }>();
}

async function fetchBacktest(id: string) {
  const res = await t.call('GET', `/api/alphaorb/backtests/${id}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ backtest: Backtest }>().backtest;
}

describe('POST /api/alphaorb/backtests', () => {
  it('requires authentication and the alphaorb.manage permission', async () => {
    expect((await t.call('POST', '/api/alphaorb/backtests', { body: body() })).statusCode).toBe(401);
    const plain = await createMember(t.ctx);
    const plainToken = await t.login(plain.email, plain.password);
    const res = await t.call('POST', '/api/alphaorb/backtests', { token: plainToken, body: body() });
    expect(res.statusCode).toBe(403);
    const read = await t.call('GET', '/api/alphaorb/backtests/00000000-0000-4000-8000-000000000000', { token: plainToken });
    expect(read.statusCode).toBe(403);
  });

  it.each([
    ['an end before the start', { from: '2025-02-14', to: '2025-02-03' }, 'The end date must be after the start date.'],
    ['an end on the start date', { from: '2025-02-03', to: '2025-02-03' }, 'The end date must be after the start date.'],
    ['more than two years', { from: '2022-02-01', to: '2024-02-02' }, 'A backtest covers at most 2 years.'],
    ['an end in the future', { from: '2025-02-03', to: '2025-03-04' }, 'The end date cannot be in the future.'],
  ])('refuses %s with a 422 on the end date', async (_case, overrides, message) => {
    const res = await t.call('POST', '/api/alphaorb/backtests', { token, body: body(overrides) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.to).toEqual([message]);
  });

  it('accepts exactly two years, and refuses unknown instruments and negative costs', async () => {
    const twoYears = await t.call('POST', '/api/alphaorb/backtests', { token, body: body({ from: '2023-02-14', to: '2025-02-14' }) });
    expect(twoYears.statusCode).toBe(202);
    const unknown = await t.call('POST', '/api/alphaorb/backtests', { token, body: body({ instrument: 'PORKBELLY' }) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.instrument).toEqual(['Select an instrument for this backtest.']);
    const negative = await t.call('POST', '/api/alphaorb/backtests', { token, body: body({ stop_slippage: -1 }) });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors.stop_slippage).toEqual(['Enter a slippage of at least 0 points.']);
  });
});

describe('a backtest run', () => {
  let first: Backtest;

  it('is queued, then the job replays simulator bars and stores stats, trades and buy-and-hold', async () => {
    const calls = countBrokerCalls();
    const { message, backtest: queued } = await queue();
    expect(message).toBe('Backtest queued.');
    expect(queued).toMatchObject({ status: 'queued', progress: 0, instrument: 'NAS100', result: null });
    expect(queued.fill_model).toBe(FILL_MODEL_DESCRIPTION);

    await backtestRunJob.handler(t.ctx, { id: queued.id });
    first = await fetchBacktest(queued.id);
    expect(first.status).toBe('done');
    expect(first.progress).toBe(100);
    // Twelve days are 17,280 minutes: one history call (at most 20,000 bars).
    expect(calls.history).toBe(1);

    const result = first.result!;
    const stats = result.stats;
    expect(stats.trading_days).toBe(10);
    expect(stats.trades).toBeGreaterThan(0);
    expect(result.trades).toHaveLength(stats.trades);
    const exits = stats.exits_by_reason;
    expect(exits.stop + exits.target + exits.session_close + exits.manual).toBe(stats.trades);
    expect(result.trades.every((trade) => trade.fees === 3)).toBe(true); // 2 lots × 1.5
    expect(result.equity.at(-1)!.equity).toBeCloseTo(stats.total_pnl, 6);
    expect(result.buy_and_hold).toMatchObject({ qty: 2 });
    expect(result.buy_and_hold!.equity).toHaveLength(10);

    // The same engine over the simulator's own bars gives the same trades: the cache keeps prices exact.
    const orb = backtestSettings('NAS100', { ...settings, orb_minutes: 15, order_type: 'market', lot_size: 2, risk_max_daily_trades: 1, risk_max_daily_loss: null, max_spread: null, orb_start_local: '09:30', run_days: ['mon', 'tue', 'wed', 'thu', 'fri'] });
    const [from, to] = rangeMs('2025-02-03', '2025-02-14', orb.timezone);
    const direct = backtest(orb, barsFor('NAS100', from, to), { from, to, commissionPerLot: 1.5, entrySlippage: 0.2, stopSlippage: 0.5 });
    expect(result.trades.map((trade) => [trade.entry_price, trade.exit_price, trade.pnl])).toEqual(
      direct.trades.map((trade) => [trade.entryPrice, trade.exitPrice, trade.pnl]),
    );
    expect(result.bars).toBe(barsFor('NAS100', from, to).length);
  });

  it('runs a second backtest on the same range from the cache, without calling the broker', async () => {
    const calls = countBrokerCalls();
    const { backtest: again } = await queue();
    await backtestRunJob.handler(t.ctx, { id: again.id });
    const second = await fetchBacktest(again.id);
    expect(calls.all).toBe(0);
    expect(second.status).toBe('done');
    expect(second.result!.stats).toEqual(first.result!.stats);
  });

  it('fetches only the missing days when a range overlaps the cache', async () => {
    const calls = countBrokerCalls();
    const { backtest: wider } = await queue({ from: '2025-02-10', to: '2025-02-21' });
    await backtestRunJob.handler(t.ctx, { id: wider.id });
    expect((await fetchBacktest(wider.id)).status).toBe('done');
    expect(calls.history).toBe(1); // 15 Feb to 21 Feb only
    const spans = await t.ctx.db.select().from(marketBarRanges).where(eq(marketBarRanges.instrument, 'NAS100'));
    expect(spans).toHaveLength(1); // merged into one covered span
  });

  it('does not run a finished backtest again', async () => {
    const calls = countBrokerCalls();
    await backtestRunJob.handler(t.ctx, { id: first.id });
    expect(calls.all).toBe(0);
    expect((await fetchBacktest(first.id)).finished_at).toBe(first.finished_at);
  });

  it('fails with a message when no market data is configured', async () => {
    const { backtest: queued } = await queue({ instrument: 'XAUUSD' });
    await runBacktest(t.ctx, queued.id, { source: async () => null });
    const failed = await fetchBacktest(queued.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('No market-data account is configured, so there are no bars to backtest.');
    expect(failed.result).toBeNull();
  });

  it("answers 404 for another member's backtest, exactly like a missing one", async () => {
    const other = await createMember(t.ctx, { permissions: ['alphaorb.manage'] });
    const otherToken = await t.login(other.email, other.password);
    const theirs = await t.call('GET', `/api/alphaorb/backtests/${first.id}`, { token: otherToken });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Backtest not found.');
    const missing = await t.call('GET', '/api/alphaorb/backtests/not-a-backtest', { token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Backtest not found.');
  });
});

describe('backtests per member', () => {
  it('holds at most two waiting or running at once, even when asked for together', async () => {
    const member = await createMember(t.ctx, { permissions: ['alphaorb.manage'] });
    const own = await t.login(member.email, member.password);
    const ask = () => t.call('POST', '/api/alphaorb/backtests', { token: own, body: body() });
    const answers = await Promise.all([ask(), ask(), ask(), ask()]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([202, 202, 429, 429]);
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused.json().message).toBe('You already have 2 backtests in progress. Start another when one has finished.');

    // Once one has finished, the next is taken.
    const queued = answers.find((res) => res.statusCode === 202)!.json().backtest.id as string;
    await backtestRunJob.handler(t.ctx, { id: queued });
    expect((await ask()).statusCode).toBe(202);
  });
});
