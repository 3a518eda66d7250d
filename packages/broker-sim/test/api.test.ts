import { afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNT,
  DEMO_SERVER,
  LIVE_ACCOUNT,
  TRADER2_EMAIL,
  startBrokerSim,
} from '../src/index.ts';
import { openSession } from './sim-session.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

describe('auth and wrappers', () => {
  it('logs in with 201 tokens, rejects bad credentials with 400 {s:error}', async () => {
    const sim = await startBrokerSim();
    close = sim.close;
    const post = (body: unknown) =>
      fetch(`${sim.url}/auth/jwt/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const good = await post({ email: TRADER2_EMAIL, password: 'demo-pass', server: DEMO_SERVER });
    expect(good.status).toBe(201);
    const tokens = (await good.json()) as { accessToken: string; refreshToken: string };
    expect(tokens).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expireDate: expect.any(String),
    });
    const bad = await post({ email: TRADER2_EMAIL, password: 'nope', server: DEMO_SERVER });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ s: 'error', errmsg: expect.any(String) });

    const refreshed = await fetch(`${sim.url}/auth/jwt/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: tokens.refreshToken }),
    });
    expect(refreshed.status).toBe(201);
    expect(((await refreshed.json()) as { accessToken: string }).accessToken).not.toBe(
      tokens.accessToken,
    );
  });

  it('lists accounts with every value a string, and requires the bearer', async () => {
    const s = await openSession();
    close = s.sim.close;
    const res = await s.call('GET', '/auth/jwt/all-accounts');
    expect(res.json.accounts.map((a: { id: string }) => a.id)).toEqual([
      DEMO_ACCOUNT.id,
      LIVE_ACCOUNT.id,
    ]);
    for (const account of res.json.accounts)
      for (const v of Object.values(account)) expect(typeof v).toBe('string');
    expect(BigInt(DEMO_ACCOUNT.id) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const anonymous = await fetch(`${s.sim.url}/auth/jwt/all-accounts`);
    expect(anonymous.status).toBe(401);
  });

  it('serves config columns, and insists on accNum matching the path account', async () => {
    const s = await openSession();
    close = s.sim.close;
    const config = await s.call('GET', '/trade/config');
    expect(config.json.s).toBe('ok');
    expect(await s.columns('positionsConfig')).toEqual([
      'id',
      'tradableInstrumentId',
      'routeId',
      'side',
      'qty',
      'avgPrice',
      'stopLossId',
      'takeProfitId',
      'openDate',
      'unrealizedPl',
      'strategyId',
    ]);
    expect(await s.columns('ordersHistoryConfig')).toEqual(
      expect.arrayContaining(['positionId', 'realizedPnl', 'fee', 'swap']),
    );
    expect(config.json.d.rateLimits[0]).toEqual({
      rateLimitType: expect.any(String),
      measure: 'SECONDS',
      intervalNum: 1,
      limit: expect.any(Number),
    });

    const noAccNum = await fetch(`${s.sim.url}${s.account}/state`, {
      headers: { authorization: `Bearer ${s.tokens.accessToken}` },
    });
    expect(noAccNum.status).toBe(400);
    const wrong = await s.call('GET', `/trade/accounts/${LIVE_ACCOUNT.id}/state`);
    expect(wrong.status).toBe(403);
    const state = await s.call('GET', `${s.account}/state`);
    expect(state.json.d.accountDetailsData[0]).toBe(100_000);
  });

  it('serves instruments with routes, details, quotes and bars; rejects oversized history', async () => {
    const s = await openSession();
    close = s.sim.close;
    const list = await s.call('GET', `${s.account}/instruments`);
    const nas = list.json.d.instruments.find((i: { name: string }) => i.name === 'NAS100');
    const info = nas.routes.find((r: { type: string }) => r.type === 'INFO').id;
    expect(list.json.d.instruments).toHaveLength(9);
    const details = await s.call(
      'GET',
      `/trade/instruments/${nas.tradableInstrumentId}?routeId=${info}`,
    );
    expect(details.json.d).toMatchObject({
      name: 'NAS100',
      lotSize: 1,
      symbolStatus: 'FULLY_OPEN',
    });
    const quote = await s.call(
      'GET',
      `/trade/quotes?tradableInstrumentId=${nas.tradableInstrumentId}&routeId=${info}`,
    );
    expect(quote.json.d.ap).toBeGreaterThan(quote.json.d.bp);
    const q = `tradableInstrumentId=${nas.tradableInstrumentId}&routeId=${info}`;
    const bars = await s.call(
      'GET',
      `/trade/history?${q}&resolution=5m&from=${s.now - 3_600_000}&to=${s.now}`,
    );
    expect(bars.json.d.barDetails).toHaveLength(13);
    const tooMany = await s.call(
      'GET',
      `/trade/history?${q}&resolution=1m&from=${s.now - 20_001 * 60_000}&to=${s.now}`,
    );
    expect(tooMany.json.s).toBe('error');
    const saturday = Date.UTC(2025, 0, 11, 12);
    const none = await s.call(
      'GET',
      `/trade/history?${q}&resolution=1m&from=${saturday}&to=${saturday + 3_600_000}`,
    );
    expect(none.json).toEqual({ s: 'no_data' });
  });

  it('pages seeded order history by from/to with hasMore', async () => {
    const to = Date.UTC(2025, 0, 14);
    const s = await openSession({
      history: { accountId: DEMO_ACCOUNT.id, count: 600, from: to - 60 * 86_400_000, to },
      historyPageSize: 500,
    });
    close = s.sim.close;
    const first = await s.call('GET', `${s.account}/ordersHistory?from=0&to=${s.now}`);
    expect(first.json.d.hasMore).toBe(true);
    expect(first.json.d.ordersHistory).toHaveLength(500);
    const rows = await s.rows('ordersHistory', `?from=${to - 10 * 86_400_000}&to=${to}`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Number(row.lastModified)).toBeGreaterThanOrEqual(to - 10 * 86_400_000);
      expect(typeof row.id).toBe('string');
    }
    const filled = rows.filter((r) => r.status === 'Filled');
    expect(new Set(filled.map((r) => r.positionId)).size).toBeLessThan(filled.length);
  });
});
