import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNT,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_SERVER,
  LIVE_ACCOUNT,
  startBrokerSim,
  type BrokerSimOptions,
  type StartedBrokerSim,
} from '@th/broker-sim';
import {
  BrokerError,
  createTokenHolder,
  createTradeLockerClient,
  reconstructTrades,
  type AccountRef,
  type TradeLockerClientOptions,
} from '../../src/modules/broker/tradelocker/index.ts';

/** Wednesday 15 January 2025, 10:00 New York: markets open. */
const START = Date.UTC(2025, 0, 15, 15, 0);
const DAY = 86_400_000;
const fastRetry = { attempts: 8, baseDelayMs: 10, maxDelayMs: 200, timeoutMs: 400 };

let sim: StartedBrokerSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

async function setup(
  options: BrokerSimOptions = {},
  client: Partial<TradeLockerClientOptions> = {},
) {
  let now = START;
  sim = await startBrokerSim({ now: () => now, ...options });
  const tl = createTradeLockerClient({
    baseUrl: sim.url,
    now: () => now,
    retry: fastRetry,
    ...client,
  });
  const tokens = await tl.login(DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVER);
  const ref: AccountRef = {
    accessToken: tokens.accessToken,
    accountId: DEMO_ACCOUNT.id,
    accNum: DEMO_ACCOUNT.accNum,
  };
  return { sim, tl, tokens, ref, advance: (ms: number) => (now += ms), now: () => now };
}

const history = (count: number) => ({
  accountId: DEMO_ACCOUNT.id,
  count,
  from: START - 120 * DAY,
  to: START - 60_000,
});

describe('TradeLocker client against the simulator', () => {
  it('logs in, lists accounts with string ids, and reads the account through its config', async () => {
    const { tl, tokens, ref } = await setup();
    expect(tokens.expiresAt).toBe(START + 3_600_000);
    const accounts = await tl.allAccounts(tokens.accessToken);
    expect(accounts.map((a) => [a.id, a.accNum])).toEqual([
      [DEMO_ACCOUNT.id, '1'],
      [LIVE_ACCOUNT.id, '2'],
    ]);
    expect(accounts[0]!.accountBalance).toBe('100000.00');
    expect((await tl.accountState(ref)).balance).toBe(100_000);
    const instruments = await tl.instruments(ref);
    const nas = instruments.find((i) => i.name === 'NAS100')!;
    const details = await tl.instrumentDetails(ref, nas.tradableInstrumentId, nas.infoRouteId!);
    expect(details).toMatchObject({ lotSize: 1, tickSize: 0.1, symbolStatus: 'FULLY_OPEN' });
    const quote = await tl.quotes(ref, {
      tradableInstrumentId: nas.tradableInstrumentId,
      routeId: nas.infoRouteId!,
    });
    expect(quote.ask).toBeGreaterThan(quote.bid);
    const bars = await tl.history(ref, {
      tradableInstrumentId: nas.tradableInstrumentId,
      routeId: nas.infoRouteId!,
      resolution: '1m',
      from: START - 3_600_000,
      to: START,
    });
    expect(bars).toHaveLength(61);
    const weekend = await tl.history(ref, {
      tradableInstrumentId: nas.tradableInstrumentId,
      routeId: nas.infoRouteId!,
      resolution: '1m',
      from: START - 4 * DAY,
      to: START - 4 * DAY + 3_600_000,
    });
    expect(weekend).toEqual([]);
  });

  it('says why a call failed: bad credentials are auth, a bad order is rejected with the errmsg', async () => {
    const { tl, ref } = await setup();
    await expect(tl.login(DEMO_EMAIL, 'wrong', DEMO_SERVER)).rejects.toMatchObject({
      kind: 'auth',
    });
    const bad = tl.placeOrder(ref, {
      tradableInstrumentId: '1001',
      routeId: '9001',
      qty: 1,
      side: 'buy',
      type: 'limit',
      validity: 'IOC',
      price: 1,
    });
    await expect(bad).rejects.toBeInstanceOf(BrokerError);
    await expect(bad).rejects.toMatchObject({
      kind: 'rejected',
      errmsg: 'Limit and stop orders must use GTC validity',
    });
  });

  it('pages 10,000 seeded positions of history and rebuilds trades equal to the broker P&L', async () => {
    const { tl, ref, sim } = await setup({ history: history(10_000) });
    const started = performance.now();
    const orders = await tl.ordersHistory(ref, { from: START - 365 * DAY, to: START });
    const elapsed = performance.now() - started;
    const book = sim.state.books.get(DEMO_ACCOUNT.id)!;
    expect(orders).toHaveLength(book.orders.size);
    expect(new Set(orders.map((o) => o.id)).size).toBe(orders.length);
    expect(elapsed).toBeLessThan(20_000);

    const trades = reconstructTrades(orders);
    const broker = sim.state.closedPositions(DEMO_ACCOUNT.id);
    expect(trades).toHaveLength(10_000);
    expect(trades.map((t) => [t.positionId, t.grossPnl, t.fee, t.swap, t.netPnl]).sort()).toEqual(
      broker.map((p) => [p.positionId, p.realizedPnl, p.fee, p.swap, p.net]).sort(),
    );
    const cents = (s: string) => Math.round(Number(s) * 100);
    const net = trades.reduce((acc, t) => acc + cents(t.netPnl), 0);
    expect((10_000_000 + net) / 100).toBe((await tl.accountState(ref)).balance);
    const sample = trades[0]!;
    expect(BigInt(sample.positionId) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(sample.exitTime).toBeGreaterThan(sample.entryTime);
  });

  it('computes gross P&L from prices when the broker sends no realizedPnl column', async () => {
    const { tl, ref } = await setup({ history: history(50) });
    const orders = await tl.ordersHistory(ref, { from: 0, to: START });
    const withPnl = reconstructTrades(orders);
    const withoutPnl = reconstructTrades(
      orders.map((o) => ({ ...o, realizedPnl: null })),
      { contractSizeOf: (id) => ({ '1004': 100, '1005': 5000 })[id] ?? 1 },
    );
    // GER40 and UK100 are quoted in EUR/GBP: the broker converts, a price-only rebuild cannot.
    const usdQuoted = (id: string | null) => id !== '1006' && id !== '1007';
    for (const [i, trade] of withoutPnl.entries()) {
      if (usdQuoted(trade.instrumentId))
        expect(Math.abs(Number(trade.grossPnl) - Number(withPnl[i]!.grossPnl))).toBeLessThanOrEqual(
          0.01,
        );
    }
  });

  it('trades through the client: strategyId makes a retried placement idempotent', async () => {
    const { tl, ref, sim } = await setup();
    sim.setFaults({ hangRate: 1 });
    const placing = tl.placeOrder(ref, {
      tradableInstrumentId: '1001',
      routeId: '9001',
      qty: '1',
      side: 'buy',
      type: 'market',
      strategyId: 'orb-7-attempt-1',
    });
    setTimeout(() => sim.setFaults({ hangRate: 0 }), 250);
    const { orderId } = await placing;
    const positions = await tl.positions(ref);
    expect(positions).toHaveLength(1);
    const history = await tl.ordersHistory(ref, { from: START - DAY, to: START + DAY });
    expect(history.map((o) => o.id)).toEqual([orderId]);
    await tl.modifyPosition(ref, positions[0]!.id, { stopLoss: 10_000 });
    expect((await tl.orders(ref)).map((o) => o.type)).toEqual(['stop']);
    await tl.closePosition(ref, positions[0]!.id, 0);
    expect(await tl.positions(ref)).toEqual([]);
  });

  it('never retries a placement without strategyId once it may have reached the broker', async () => {
    const { tl, ref, sim } = await setup();
    sim.setFaults({ serverErrorRate: 1 });
    await expect(
      tl.placeOrder(ref, {
        tradableInstrumentId: '1001',
        routeId: '9001',
        qty: 1,
        side: 'buy',
        type: 'market',
      }),
    ).rejects.toMatchObject({ kind: 'unavailable' });
    sim.setFaults({ serverErrorRate: 0 });
    expect(await tl.positions(ref)).toEqual([]);
  });

  it('converges with 20 % injected faults (5xx, {s:error}, timeouts)', async () => {
    const { tl, ref, sim } = await setup({ history: history(1_500), historyPageSize: 200 });
    const clean = await tl.ordersHistory(ref, { from: 0, to: START });
    sim.setFaults({ serverErrorRate: 0.08, brokerErrorRate: 0.08, hangRate: 0.04 });
    const faulty = createTradeLockerClient({
      baseUrl: sim.url,
      now: () => START,
      retry: { ...fastRetry, timeoutMs: 150 },
    });
    const tokens = await faulty.login(DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVER);
    const faultyRef = { ...ref, accessToken: tokens.accessToken };
    expect(await faulty.ordersHistory(faultyRef, { from: 0, to: START })).toEqual(clean);
    expect((await faulty.allAccounts(tokens.accessToken)).length).toBe(2);
    expect((await faulty.accountState(faultyRef)).balance).toBeGreaterThan(0);
  });

  it('paces calls by the declared rate limits instead of collecting 429s', async () => {
    const { tl, ref } = await setup({
      rateLimits: [{ rateLimitType: 'QUOTES', measure: 'SECONDS', intervalNum: 1, limit: 2 }],
    });
    const started = Date.now();
    const quotes = await Promise.all(
      Array.from({ length: 5 }, () =>
        tl.quotes(ref, { tradableInstrumentId: '1001', routeId: '9002' }),
      ),
    );
    expect(quotes).toHaveLength(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });

  it('refreshes tokens with under 30 minutes left, and after a 401', async () => {
    const { tl, tokens, advance, now, sim } = await setup();
    const saved: string[] = [];
    const holder = createTokenHolder({
      client: tl,
      tokens,
      now,
      onRefreshed: (t) => void saved.push(t.accessToken),
    });
    expect(await holder.accessToken()).toBe(tokens.accessToken);
    advance(40 * 60_000);
    const fresh = await holder.accessToken();
    expect(fresh).not.toBe(tokens.accessToken);
    expect(saved).toEqual([fresh]);
    expect(holder.current().expiresAt).toBe(now() + 3_600_000);

    sim.setFaults({ expireAccessTokens: true });
    setTimeout(() => sim.setFaults({ expireAccessTokens: false }), 0);
    const accounts = await holder.withAccess(async (token) => {
      await new Promise((r) => setTimeout(r, 20));
      return tl.allAccounts(token);
    });
    expect(accounts).toHaveLength(2);
  });

  it('reports a dead refresh token so the account can be marked needs_relink', async () => {
    const { tl, tokens, advance, now, sim } = await setup();
    const dead: BrokerError[] = [];
    const holder = createTokenHolder({
      client: tl,
      tokens,
      now,
      onRefreshTokenDead: (e) => void dead.push(e),
    });
    sim.setFaults({ failRefresh: true });
    advance(45 * 60_000);
    // Still 15 minutes of access left: the failed early refresh is reported, the call goes on.
    expect(await holder.accessToken()).toBe(tokens.accessToken);
    expect(holder.dead).toBe(true);
    expect(dead[0]).toMatchObject({ kind: 'auth', needsRelink: true });
    expect(await holder.withAccess((t) => tl.allAccounts(t))).toHaveLength(2);
    advance(20 * 60_000);
    await expect(holder.withAccess((t) => tl.allAccounts(t))).rejects.toMatchObject({
      needsRelink: true,
    });
    expect(dead).toHaveLength(1);

    sim.setFaults({ failRefresh: false });
    const later = createTokenHolder({
      client: tl,
      tokens: await tl.login(DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVER),
      now,
    });
    advance(8 * DAY); // past the 7-day refresh token
    await expect(later.accessToken()).rejects.toMatchObject({ kind: 'auth', needsRelink: true });
    expect(later.dead).toBe(true);
  });
});
