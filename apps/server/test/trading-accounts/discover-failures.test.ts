/**
 * Discovery against a TradeLocker that answers oddly: platform §8's messages for a login
 * without an access token and for an account listing that fails.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Each login e-mail picks how this stand-in broker misbehaves. */
function oddBroker(): Server {
  return createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, body?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      if (req.url?.endsWith('/auth/jwt/token')) {
        const { email } = JSON.parse(raw) as { email: string };
        if (email === 'no-token@broker.test') return send(200, { refreshToken: 'refresh-1' });
        return send(200, { accessToken: email, refreshToken: 'refresh-1' });
      }
      if (req.url?.endsWith('/auth/jwt/all-accounts')) {
        const token = req.headers.authorization?.replace('Bearer ', '');
        if (token === 'says-why@broker.test') return send(400, { s: 'error', errmsg: 'Account listing is disabled for this login' });
        return send(404);
      }
      send(404);
    });
  });
}

let t: TestApp;
let broker: Server;
let token: string;
beforeAll(async () => {
  broker = oddBroker();
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  const { port } = broker.address() as AddressInfo;
  t = await createTestApp({ env: { BROKER_DEMO_URL: `http://127.0.0.1:${port}`, BROKER_RETRY_BASE_MS: '5' } });
  const member = await createMember(t.ctx);
  token = await t.login(member.email, member.password);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => broker.close(resolve));
});

const discover = (email: string) =>
  t.call('POST', '/api/trading-accounts/discover', {
    token,
    body: { email, password: 'secret-pass', server: 'ODD-DEMO', accountType: 'demo' },
  });

describe('POST /api/trading-accounts/discover when TradeLocker answers oddly', () => {
  it("[P76] says 'No access token returned from TradeLocker' for a login answer without one", async () => {
    const res = await discover('no-token@broker.test');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('No access token returned from TradeLocker');
  });

  it("[P76] says 'Fetching accounts failed (status)' when the listing fails without a message", async () => {
    const res = await discover('silent@broker.test');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Fetching accounts failed (404)');
  });

  it("[P76] passes on the broker's own words when the listing fails with a message", async () => {
    const res = await discover('says-why@broker.test');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Account listing is disabled for this login');
  });
});
