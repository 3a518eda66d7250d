import { afterEach, describe, expect, it } from 'vitest';
import { findInstrument, quoteAt, TRADE_ROUTE_ID } from '../src/index.ts';
import { openSession } from './sim-session.ts';

const nas = findInstrument('NAS100')!;
let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

async function pin(url: string, body: unknown, method = 'POST') {
  const res = await fetch(`${url}/__sim/prices`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, json: (await res.json()) as { pins?: Record<string, number>; errmsg?: string } };
}

describe('POST /__sim/prices pins an instrument price', () => {
  it('moves quotes, open P&L and equity to the pinned price until cleared', async () => {
    const s = await openSession();
    close = s.sim.close;
    await s.call('POST', `${s.account}/orders`, {
      tradableInstrumentId: nas.tradableInstrumentId,
      routeId: TRADE_ROUTE_ID,
      qty: 1,
      side: 'buy',
      type: 'market',
      validity: 'IOC',
    });
    const [position] = await s.rows('positions');
    const entry = Number(position!.avgPrice);
    const target = Math.round(entry - 500);
    const pinned = await pin(s.sim.url, { symbol: 'NAS100', price: target });
    expect(pinned).toEqual({ status: 200, json: { pins: { NAS100: target } } });

    const quote = await s.call('GET', `/trade/quotes?tradableInstrumentId=${nas.tradableInstrumentId}&routeId=${TRADE_ROUTE_ID}`);
    const bid = Number(quote.json.d.bp);
    expect(bid).toBeCloseTo(target - (nas.spreadTicks * nas.tickSize) / 2, 5);
    const expectedPnl = (bid - entry) * nas.contractSize;
    const [moved] = await s.rows('positions');
    expect(Number(moved!.unrealizedPl)).toBeCloseTo(expectedPnl, 1);
    const state = await s.call('GET', `${s.account}/state`);
    const [balance, equity] = state.json.d.accountDetailsData as number[];
    expect(equity! - balance!).toBeCloseTo(expectedPnl, 1);

    // Later in time the pin still holds; cleared, the market returns to its path.
    s.advance(10 * 60_000);
    const later = await s.call('GET', `/trade/quotes?tradableInstrumentId=${nas.tradableInstrumentId}&routeId=${TRADE_ROUTE_ID}`);
    expect(Number(later.json.d.bp)).toBe(bid);
    expect(await pin(s.sim.url, { symbol: 'NAS100', price: null })).toEqual({ status: 200, json: { pins: {} } });
    const back = await s.call('GET', `/trade/quotes?tradableInstrumentId=${nas.tradableInstrumentId}&routeId=${TRADE_ROUTE_ID}`);
    expect(Number(back.json.d.bp)).toBe(quoteAt(nas, s.now).bid);
  });

  it('fills a stop loss the pinned price jumps through, at the pinned price', async () => {
    const s = await openSession();
    close = s.sim.close;
    const ask = quoteAt(nas, s.now).ask;
    await s.call('POST', `${s.account}/orders`, {
      tradableInstrumentId: nas.tradableInstrumentId,
      routeId: TRADE_ROUTE_ID,
      qty: 1,
      side: 'buy',
      type: 'market',
      validity: 'IOC',
      stopLoss: Math.round(ask - 100),
      stopLossType: 'absolute',
    });
    expect(await s.rows('positions')).toHaveLength(1);
    await pin(s.sim.url, { symbol: 'NAS100', price: Math.round(ask - 300) });
    expect(await s.rows('positions')).toHaveLength(0);
  });

  it('refuses an unknown symbol or a price that is not positive', async () => {
    const s = await openSession();
    close = s.sim.close;
    expect((await pin(s.sim.url, { symbol: 'NOPE', price: 1 })).status).toBe(400);
    expect((await pin(s.sim.url, { symbol: 'NAS100', price: -5 })).status).toBe(400);
    expect((await pin(s.sim.url, { symbol: 'NAS100', price: 20000 })).status).toBe(200);
    expect((await pin(s.sim.url, {}, 'DELETE')).json).toEqual({ pins: {} });
  });
});
