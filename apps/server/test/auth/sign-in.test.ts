import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { sha256 } from '../../src/lib/secrets.ts';
import { createMember } from '../support/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '3', LOGIN_ADDRESS_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

describe('POST /api/login', () => {
  it('issues a bearer token that /api/me accepts, with the profile the SPA needs', async () => {
    const member = await createMember(t.ctx, { permissions: ['alphaorb.manage'] });
    const res = await t.call('POST', '/api/login', {
      body: { username: `  ${member.email.toUpperCase()} `, password: member.password, device_name: 'Web App 1.0.4' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('Bearer');
    expect(body.exp).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);

    const me = await t.call('GET', '/api/me', { token: body.token });
    expect(me.statusCode).toBe(200);
    const profile = me.json().data;
    expect(profile).toMatchObject({
      email: member.email,
      username: member.email,
      status: 'active',
      permissions: ['alphaorb.manage'],
      roles: [],
      linked_accounts: [],
      subscription: { plan: 'Trader', vendor: 'internal', status: 'active' },
    });
    expect(profile.last_login).not.toBeNull();
    expect(profile).not.toHaveProperty('password_hash');
    expect(JSON.stringify(profile)).not.toContain('scrypt');
  });

  it('stores only a hash of the token', async () => {
    const member = await createMember(t.ctx);
    const token = await t.login(member.email, member.password);
    const rows = await t.ctx.database.query<{ token_hash: string }>('select token_hash from api_tokens');
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('refuses wrong passwords and unknown members with the same message', async () => {
    const member = await createMember(t.ctx);
    const wrong = await t.call('POST', '/api/login', { body: { username: member.email, password: 'nope-nope' } });
    const unknown = await t.call('POST', '/api/login', { body: { username: 'ghost@test.local', password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json().message).toBe('These credentials do not match our records.');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses members who have not accepted their invite yet', async () => {
    const member = await createMember(t.ctx, { password: null });
    const res = await t.call('POST', '/api/login', { body: { username: member.email, password: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual(['Please enter both username and password.']);
  });

  it('answers missing fields with 422 field errors in the spec words', async () => {
    const res = await t.call('POST', '/api/login', { body: { username: ' ' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Please enter both username and password.',
      errors: {
        username: ['Please enter both username and password.'],
        password: ['Please enter both username and password.'],
      },
    });
  });

  it('[P149] GET /sanctum/csrf-cookie sets an XSRF-TOKEN cookie the SPA can read and echo on writes', async () => {
    const member = await createMember(t.ctx);
    const res = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    expect(cookie.value).toMatch(/^[^.]+\.[^.]+$/);
    expect(cookie.httpOnly).toBeFalsy();
    expect(cookie.path).toBe('/');
    const echoed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: `XSRF-TOKEN=${cookie.value}`, 'x-xsrf-token': encodeURIComponent(cookie.value) },
      payload: { username: member.email, password: member.password },
    });
    expect(echoed.statusCode).toBe(200);
    expect(echoed.json().token).toEqual(expect.any(String));
  });

  it('rejects a write without the XSRF cookie echoed in the header (419) and changes nothing', async () => {
    const member = await createMember(t.ctx);
    const before = await t.ctx.database.query('select count(*)::int as n from api_tokens');
    const res = await t.call('POST', '/api/login', {
      body: { username: member.email, password: member.password },
      xsrf: false,
    });
    expect(res.statusCode).toBe(419);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: 'XSRF-TOKEN=abc.def', 'x-xsrf-token': 'abc.def' },
      payload: { username: member.email, password: member.password },
    });
    expect(forged.statusCode).toBe(419);
    expect(forged.json().message).toMatch(/CSRF token mismatch/);
    expect(await t.ctx.database.query('select count(*)::int as n from api_tokens')).toEqual(before);
  });

  it('limits attempts per address and answers 429 with Retry-After', async () => {
    const member = await createMember(t.ctx);
    const attempt = () => t.call('POST', '/api/login', { body: { username: member.email, password: 'wrong-pass' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(422);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many attempts/);
    // Even the right password waits: the limit is on the address, not on failures alone.
    const right = await t.call('POST', '/api/login', { body: { username: member.email, password: member.password } });
    expect(right.statusCode).toBe(429);
  });
});

describe('tokens', () => {
  it('rejects an expired token with 401', async () => {
    const member = await createMember(t.ctx);
    const token = await t.login(member.email, member.password);
    await t.ctx.database.query("update api_tokens set expires_at = now() - interval '1 second'");
    const res = await t.call('GET', '/api/me', { token });
    expect(res.statusCode).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const member = await createMember(t.ctx);
    const token = await t.login(member.email, member.password);
    expect((await t.call('POST', '/api/logout', { token })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/me', { token })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/logout', { token })).statusCode).toBe(401);
  });

  it('answers anonymous calls to /api/me with 401', async () => {
    expect((await t.call('GET', '/api/me')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/me', { token: 'made-up' })).statusCode).toBe(401);
  });

  it('[P133] lets suspended members read their profile (the account area)', async () => {
    const member = await createMember(t.ctx, { status: 'suspended' });
    const token = await t.login(member.email, member.password);
    const me = await t.call('GET', '/api/me', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.status).toBe('suspended');
  });

  it('answers concurrent requests each for its own token, whatever else arrives with them', async () => {
    const first = await createMember(t.ctx);
    const second = await createMember(t.ctx);
    const suspended = await createMember(t.ctx, { status: 'suspended' });
    const admin = await createMember(t.ctx, { roles: ['admin'] });
    const [firstToken, secondToken, suspendedToken, adminToken, expiredToken] = await Promise.all([
      t.login(first.email, first.password),
      t.login(second.email, second.password),
      t.login(suspended.email, suspended.password),
      t.login(admin.email, admin.password),
      t.login(second.email, second.password),
    ]);
    await t.ctx.database.query(`update api_tokens set expires_at = now() - interval '1 second' where token_hash = $1`, [
      sha256(expiredToken),
    ]);
    // Sent together, these are looked up in one query; each must still get its own member.
    const tokens = [firstToken, secondToken, expiredToken, suspendedToken, 'made-up', adminToken, firstToken, secondToken];
    const answers = await Promise.all(tokens.map((token) => t.call('GET', '/api/me', { token })));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 200, 401, 200, 200, 200]);
    expect(answers.map((res) => (res.statusCode === 200 ? res.json().data.email : null))).toEqual([
      first.email,
      second.email,
      null,
      suspended.email,
      null,
      admin.email,
      first.email,
      second.email,
    ]);
    expect(answers[3]!.json().data.status).toBe('suspended');
    expect(answers[5]!.json().data.roles[0].name).toBe('admin');
    expect(answers[0]!.json().data.roles).toEqual([]);
    // A members-only route still refuses the suspended member within the same batch.
    const [own, refused] = await Promise.all([
      t.call('GET', '/api/trades/day-summaries?from=2026-01-01&to=2026-01-31', { token: firstToken }),
      t.call('GET', '/api/trades/day-summaries?from=2026-01-01&to=2026-01-31', { token: suspendedToken }),
    ]);
    expect(own.statusCode).toBe(200);
    expect(refused.statusCode).toBe(403);
  });

  it('[P135] reflects role permissions in the profile', async () => {
    const admin = await createMember(t.ctx, { roles: ['admin'] });
    const token = await t.login(admin.email, admin.password);
    const profile = (await t.call('GET', '/api/me', { token })).json().data;
    expect(profile.roles[0].name).toBe('admin');
    expect(profile.roles[0].permissions).toContain('alphaorb.manage');
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain(
      'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com https://www.tradingview.com;',
    );
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Plain http here: HSTS only goes out when APP_URL is https.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
