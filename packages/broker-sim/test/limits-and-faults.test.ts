import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_SERVER, TRADER2_EMAIL } from '../src/index.ts';
import { openSession } from './sim-session.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

describe('rate limits', () => {
  it('answers 429 with Retry-After past the declared limit, per route', async () => {
    const s = await openSession({
      rateLimits: [{ rateLimitType: 'QUOTES', measure: 'SECONDS', intervalNum: 1, limit: 2 }],
    });
    close = s.sim.close;
    const quote = () => s.call('GET', '/trade/quotes?tradableInstrumentId=1001&routeId=9002');
    expect((await quote()).status).toBe(200);
    expect((await quote()).status).toBe(200);
    const limited = await quote();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.json).toEqual({ s: 'error', errmsg: 'Rate limit exceeded' });
    expect((await s.call('GET', `${s.account}/positions`)).status).toBe(200);
    const config = await s.call('GET', '/trade/config');
    expect(config.json.d.rateLimits).toEqual([
      { rateLimitType: 'QUOTES', measure: 'SECONDS', intervalNum: 1, limit: 2 },
    ]);
  });
});

describe('fault switches', () => {
  it('injects 5xx and {s:error} answers at the configured rate', async () => {
    const s = await openSession();
    close = s.sim.close;
    s.sim.setFaults({ serverErrorRate: 1 });
    expect((await s.call('GET', `${s.account}/positions`)).status).toBe(503);
    s.sim.setFaults({ serverErrorRate: 0, brokerErrorRate: 1 });
    const soft = await s.call('GET', `${s.account}/positions`);
    expect(soft.status).toBe(200);
    expect(soft.json).toEqual({ s: 'error', errmsg: expect.any(String) });
    s.sim.setFaults({ brokerErrorRate: 0.5 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => s.call('GET', '/trade/config')),
    );
    const failures = results.filter((r) => r.json.s === 'error').length;
    expect(failures).toBeGreaterThan(0);
    expect(failures).toBeLessThan(10);
  });

  it('hangs until the client gives up, after the order reached the market', async () => {
    const s = await openSession();
    close = s.sim.close;
    s.sim.setFaults({ hangRate: 1 });
    const started = Date.now();
    const attempt = fetch(`${s.sim.url}${s.account}/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${s.tokens.accessToken}`,
        accNum: '1',
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        tradableInstrumentId: '1001',
        routeId: '9001',
        qty: 1,
        side: 'buy',
        type: 'market',
        validity: 'IOC',
        strategyId: 'hang-1',
      }),
      signal: AbortSignal.timeout(300),
    });
    await expect(attempt).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    s.sim.setFaults({ hangRate: 0 });
    expect((await s.call('GET', `${s.account}/positions`)).json.d.positions).toHaveLength(1);
  });

  it('expires access tokens and fails refreshes on demand, also over HTTP', async () => {
    const s = await openSession();
    close = s.sim.close;
    const control = await fetch(`${s.sim.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expireAccessTokens: true, failRefresh: true, latencyMs: 20 }),
    });
    expect(await control.json()).toMatchObject({
      expireAccessTokens: true,
      failRefresh: true,
      latencyMs: 20,
    });
    const expired = await s.call('GET', `${s.account}/state`);
    expect(expired).toMatchObject({ status: 401, json: { s: 'error', errmsg: 'Token expired' } });
    const refresh = await fetch(`${s.sim.url}/auth/jwt/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: s.tokens.refreshToken }),
    });
    expect(refresh.status).toBe(401);
    s.sim.setFaults({ expireAccessTokens: false, failRefresh: false, latencyMs: 0 });
    expect((await s.call('GET', `${s.account}/state`)).status).toBe(200);
  });

  it('expires access tokens after an hour of simulated time and refresh tokens after a week', async () => {
    const s = await openSession();
    close = s.sim.close;
    const login = await fetch(`${s.sim.url}/auth/jwt/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TRADER2_EMAIL, password: 'demo-pass', server: DEMO_SERVER }),
    });
    const tokens = (await login.json()) as { accessToken: string; refreshToken: string };
    s.advance(8 * 24 * 3_600_000);
    const allAccounts = await fetch(`${s.sim.url}/auth/jwt/all-accounts`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(allAccounts.status).toBe(401);
    const refresh = await fetch(`${s.sim.url}/auth/jwt/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: tokens.refreshToken }),
    });
    expect(refresh.status).toBe(401);
  });
});
