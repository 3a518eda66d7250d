import { afterEach, describe, expect, it } from 'vitest';
import { barsFor, findInstrument, quoteAt, TRADE_ROUTE_ID } from '../src/index.ts';
import { openSession } from './sim-session.ts';

const nas = findInstrument('NAS100')!;
const spread = nas.spreadTicks * nas.tickSize;
const HOUR = 3_600_000;
let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

const order = (extra: Record<string, unknown>) => ({
  tradableInstrumentId: nas.tradableInstrumentId,
  routeId: TRADE_ROUTE_ID,
  qty: 2,
  side: 'buy',
  type: 'market',
  validity: 'IOC',
  ...extra,
});

/** The lowest and highest mid over the next hour: levels the market is certain to reach. */
function nextHourRange(now: number) {
  const bars = barsFor(nas, now, now + HOUR);
  return { low: Math.min(...bars.map((b) => b.l)), high: Math.max(...bars.map((b) => b.h)) };
}

describe('order placement and fills', () => {
  it('fills a market order at the ask and opens a position with a string id', async () => {
    const s = await openSession();
    close = s.sim.close;
    const placed = await s.call('POST', `${s.account}/orders`, order({}));
    expect(placed.json).toEqual({ s: 'ok', d: { orderId: expect.stringMatching(/^\d{19}$/) } });
    const [position] = await s.rows('positions');
    expect(Number(position!.avgPrice)).toBe(quoteAt(nas, s.now).ask);
    expect(position).toMatchObject({ side: 'buy', qty: '2' });
  });

  it('keeps a limit order working until the price comes down to it', async () => {
    const s = await openSession();
    close = s.sim.close;
    const { low } = nextHourRange(s.now);
    const level = Number((low + spread).toFixed(1));
    expect(level).toBeLessThan(quoteAt(nas, s.now).ask);
    await s.call(
      'POST',
      `${s.account}/orders`,
      order({ type: 'limit', validity: 'GTC', price: level }),
    );
    expect(await s.rows('orders')).toHaveLength(1);
    s.advance(HOUR);
    expect(await s.rows('orders')).toHaveLength(0);
    const [position] = await s.rows('positions');
    expect(Number(position!.avgPrice)).toBeLessThanOrEqual(level);
  });

  it('triggers a buy stop when the price rises to it', async () => {
    const s = await openSession();
    close = s.sim.close;
    const { high } = nextHourRange(s.now);
    expect(high).toBeGreaterThan(quoteAt(nas, s.now).ask);
    await s.call(
      'POST',
      `${s.account}/orders`,
      order({ type: 'stop', validity: 'GTC', stopPrice: high }),
    );
    s.advance(HOUR);
    const [position] = await s.rows('positions');
    expect(Number(position!.avgPrice)).toBeGreaterThanOrEqual(high);
  });

  it('closes a position at its stop-loss and books realised P&L, fees and swap', async () => {
    const s = await openSession();
    close = s.sim.close;
    const { low } = nextHourRange(s.now);
    const entryAsk = quoteAt(nas, s.now).ask;
    const stopLoss = Number(low.toFixed(1));
    await s.call(
      'POST',
      `${s.account}/orders`,
      order({ stopLoss, stopLossType: 'absolute', takeProfit: entryAsk + 5_000 }),
    );
    expect((await s.rows('orders')).map((o) => o.type).sort()).toEqual(['limit', 'stop']);
    s.advance(HOUR);
    expect(await s.rows('positions')).toEqual([]);
    expect(await s.rows('orders')).toEqual([]);
    const history = await s.rows('ordersHistory');
    const exit = history.find((r) => r.status === 'Filled' && r.isOpen === 'false')!;
    expect(Number(exit.avgPrice)).toBeLessThanOrEqual(stopLoss);
    expect(Number(exit.realizedPnl)).toBeCloseTo((Number(exit.avgPrice) - entryAsk) * 2, 2);
    expect(exit.fee).toBe('2.00');
    expect(exit.swap).toBe('0.00');
    expect(history.some((r) => r.status === 'Cancelled' && r.type === 'limit')).toBe(true);
    const [summary] = s.sim.state.closedPositions(
      s.sim.state.booksOf('demo@broker.test')[0]!.fixture.id,
    );
    expect(summary!.fee).toBe('4.00');
  });

  it('takes profit on a short once moved into reach, charging swap over the 17:00 rollover', async () => {
    const s = await openSession();
    close = s.sim.close;
    await s.call(
      'POST',
      `${s.account}/orders`,
      order({ side: 'sell', takeProfit: 1, takeProfitType: 'absolute' }),
    );
    s.advance(8 * HOUR); // 23:00 UTC = 18:00 New York: past the rollover, market reopened
    const [position] = await s.rows('positions');
    const ask = quoteAt(nas, s.now).ask;
    await s.call('PATCH', `/trade/positions/${position!.id}`, { takeProfit: ask + 10 });
    expect(await s.rows('positions')).toEqual([]);
    const exit = (await s.rows('ordersHistory')).find(
      (r) => r.isOpen === 'false' && r.status === 'Filled',
    )!;
    expect(exit).toMatchObject({ type: 'limit', side: 'buy', avgPrice: String(ask) });
    expect(exit.swap).toBe((nas.swapShortPerLot * 2).toFixed(2));
  });

  it('returns the existing order for a repeated strategyId instead of placing twice', async () => {
    const s = await openSession();
    close = s.sim.close;
    const first = await s.call(
      'POST',
      `${s.account}/orders`,
      order({ strategyId: 'orb-run-42-attempt-1' }),
    );
    const again = await s.call(
      'POST',
      `${s.account}/orders`,
      order({ strategyId: 'orb-run-42-attempt-1' }),
    );
    expect(again.json.d.orderId).toBe(first.json.d.orderId);
    expect(await s.rows('positions')).toHaveLength(1);
    const tooLong = await s.call(
      'POST',
      `${s.account}/orders`,
      order({ strategyId: 'x'.repeat(32) }),
    );
    expect(tooLong.json.s).toBe('error');
  });

  it('rejects bad orders with the broker errmsg and closes part of a position', async () => {
    const s = await openSession();
    close = s.sim.close;
    const ioc = await s.call('POST', `${s.account}/orders`, order({ type: 'limit', price: 100 }));
    expect(ioc.json).toEqual({ s: 'error', errmsg: 'Limit and stop orders must use GTC validity' });
    const lots = await s.call('POST', `${s.account}/orders`, order({ qty: 0.005 }));
    expect(lots.json.s).toBe('error');
    await s.call('POST', `${s.account}/orders`, order({}));
    const [position] = await s.rows('positions');
    await s.call('DELETE', `/trade/positions/${position!.id}`, { qty: 0.5 });
    expect((await s.rows('positions'))[0]!.qty).toBe('1.5');
    const limit = await s.call(
      'POST',
      `${s.account}/orders`,
      order({ type: 'limit', validity: 'GTC', price: 10_000 }),
    );
    expect((await s.call('DELETE', `/trade/orders/${limit.json.d.orderId}`)).json.s).toBe('ok');
    expect(await s.rows('orders')).toEqual([]);
  });
});
