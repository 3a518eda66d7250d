import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * What the documented deployment (one nginx in front, appending the client's address to
 * X-Forwarded-For) must not let a caller get around: limits keyed on the address, the XSRF
 * check, the default access of API routes, and the metrics endpoint.
 */
describe('behind the documented proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '3', TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('keys the sign-in limit on the address nginx saw, whatever the client put before it', async () => {
    const member = await createMember(t.ctx);
    // nginx appends the real peer (203.0.113.7) to whatever X-Forwarded-For the client sent.
    const attempt = (n: number, password = 'wrong-pass') =>
      t.call('POST', '/api/login', {
        body: { username: member.email, password },
        headers: { 'x-forwarded-for': `10.9.0.${n}, 203.0.113.7` },
      });
    for (let n = 0; n < 3; n += 1) expect((await attempt(n)).statusCode).toBe(422);
    for (let n = 3; n < 15; n += 1) expect((await attempt(n)).statusCode).toBe(429);
    expect((await attempt(99, member.password)).statusCode).toBe(429);
  });

  it('refuses /metrics without the token, even from loopback (the proxy is on loopback)', async () => {
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(403);
  });
});

describe('TRUST_PROXY values', () => {
  const trust = (value: string) => loadConfig({ NODE_ENV: 'test', APP_KEY: Buffer.alloc(32).toString('base64'), TRUST_PROXY: value }).TRUST_PROXY;

  it('reads true as one hop, a number as a hop count and a list as proxy addresses', () => {
    expect(trust('true')).toBe(1);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('10.0.0.1, 10.0.0.0/8')).toBe('10.0.0.1,10.0.0.0/8');
  });

  it('refuses a value that is neither', () => {
    expect(() => trust('yes please')).toThrow(/TRUST_PROXY/);
  });
});

describe('checks decided on the matched route, not the raw URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('asks for the XSRF token on a percent-encoded API path', async () => {
    const member = await createMember(t.ctx);
    const token = await t.login(member.email, member.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(419);
    // The token still works: the forged logout changed nothing.
    expect((await t.call('GET', '/api/me', { token })).statusCode).toBe(200);
  });

  it('answers a malformed X-XSRF-TOKEN with 419, not a server error', async () => {
    const cookie = (await t.app.inject({ url: '/sanctum/csrf-cookie' })).cookies[0]!.value;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `XSRF-TOKEN=${cookie}`, 'x-xsrf-token': '%E0%A4%A' },
    });
    expect(res.statusCode).toBe(419);
    expect(res.json().message).toMatch(/CSRF token mismatch/);
  });
});
