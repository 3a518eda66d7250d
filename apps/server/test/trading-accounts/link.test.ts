import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, LIVE_ACCOUNT, TRADER2_ACCOUNT, TRADER2_EMAIL } from '@th/broker-sim';
import { decrypt } from '../../src/lib/secrets.ts';
import { brokerTestApp } from './broker-test-kit.ts';

let kit: Awaited<ReturnType<typeof brokerTestApp>>;
beforeAll(async () => {
  // The live host is unreachable here, to show the network message.
  kit = await brokerTestApp({ env: { BROKER_LIVE_URL: 'http://127.0.0.1:9/backend-api' } });
});
afterAll(() => kit.close());

const storedRows = (userId: string) =>
  kit.t.ctx.database.query<{
    broker_account_id: string;
    environment: string;
    label: string | null;
    balance: string;
    status: string;
    connection: string;
    credentials_enc: string;
  }>('select * from trading_accounts where user_id = $1 order by broker_account_id', [userId]);

describe('POST /api/trading-accounts/discover', () => {
  it('logs in at TradeLocker and lists the login’s accounts with the broker tokens', async () => {
    const m = await kit.member();
    const res = await kit.discover(m.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tokens).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expireDate: expect.any(String),
    });
    expect(body.accounts).toEqual([
      {
        id: DEMO_ACCOUNT.id,
        number: DEMO_ACCOUNT.accNum,
        balance: 100000,
        currency: 'USD',
        platform: 'TradeLocker',
        name: DEMO_ACCOUNT.name,
        status: 'ACTIVE',
        type: 'demo',
      },
      expect.objectContaining({ id: LIVE_ACCOUNT.id, number: LIVE_ACCOUNT.accNum, balance: 25000 }),
    ]);
  });

  it('answers a wrong password with the broker’s message and status (platform §8)', async () => {
    const m = await kit.member();
    const res = await kit.discover(m.token, { password: 'not-it' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Invalid credentials (400 Bad Request)');
  });

  it('says TradeLocker is unreachable when the host does not answer', async () => {
    const m = await kit.member();
    const res = await kit.discover(m.token, { accountType: 'live' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Unable to reach TradeLocker. Please try again.');
  });

  it('requires every field of step 2', async () => {
    const m = await kit.member();
    const res = await kit.t.call('POST', '/api/trading-accounts/discover', {
      token: m.token,
      body: { email: ' ', password: '', server: 'SIM-DEMO', accountType: 'paper' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['accountType', 'email', 'password']);
  });

  it('blocks suspended members with the spec’s message, and anonymous callers', async () => {
    const m = await kit.member({ status: 'suspended' });
    const res = await kit.discover(m.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your membership is inactive. Update billing to link new trading accounts.');
    expect((await kit.discover('')).statusCode).toBe(401);
  });
});

describe('POST /api/trading-accounts/link', () => {
  it('[P74] [P148] stores the chosen accounts with encrypted tokens and the broker’s own balance', async () => {
    const m = await kit.member();
    const res = await kit.link(m.token, [DEMO_ACCOUNT.id], {}, { [DEMO_ACCOUNT.id]: '  Swing book  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Trading account linked.',
      data: [
        expect.objectContaining({
          account_id: DEMO_ACCOUNT.id,
          name: 'Swing book',
          label: 'Swing book',
          platform: 'TradeLocker',
          type: 'demo',
          status: 'active',
          connection: 'healthy',
          balance: 100000,
        }),
      ],
    });
    const [row] = await storedRows(m.id);
    expect(row!.credentials_enc).not.toContain('sim.');
    const tokens = JSON.parse(decrypt(kit.t.ctx.config.appKey, row!.credentials_enc));
    expect(tokens).toMatchObject({ accessToken: expect.stringMatching(/^sim\.access\./), refreshToken: expect.any(String) });
    // The profile lists it for the account screen.
    const me = (await kit.t.call('GET', '/api/me', { token: m.token })).json().data;
    expect(me.linked_accounts).toHaveLength(1);
  });

  it('ignores the browser’s balance: the server re-lists with the access token', async () => {
    const m = await kit.member();
    const found = (await kit.discover(m.token)).json();
    const res = await kit.t.call('POST', '/api/trading-accounts/link', {
      token: m.token,
      body: {
        platform: 'TradeLocker',
        credentials: { email: 'demo@broker.test', server: 'SIM-DEMO', accountType: 'demo' },
        tokens: found.tokens,
        accounts: [{ id: DEMO_ACCOUNT.id, number: '1', platform: 'TradeLocker', balance: 9_999_999, currency: 'USD', label: '' }],
      },
    });
    expect(res.json().data[0].balance).toBe(100000);
  });

  it('linking again updates the account and reactivates it instead of duplicating it', async () => {
    const m = await kit.member();
    const first = (await kit.link(m.token, [DEMO_ACCOUNT.id])).json().data[0];
    await kit.t.call('PATCH', `/api/trading-accounts/${first.id}`, { token: m.token, body: { status: 'disabled' } });
    await kit.t.ctx.database.query(`update trading_accounts set connection = 'needs_relink' where id = $1`, [first.id]);
    const before = (await storedRows(m.id))[0]!.credentials_enc;

    const again = await kit.link(m.token, [DEMO_ACCOUNT.id, LIVE_ACCOUNT.id], {}, { [DEMO_ACCOUNT.id]: 'Main' });
    expect(again.json().message).toBe('2 trading accounts linked.');
    const rows = await storedRows(m.id);
    expect(rows).toHaveLength(2);
    const demo = rows.find((r) => r.broker_account_id === DEMO_ACCOUNT.id)!;
    expect(demo).toMatchObject({ status: 'active', connection: 'healthy', label: 'Main' });
    expect(demo.credentials_enc).not.toBe(before);
  });

  it('refuses an account the tokens do not list (another login’s account)', async () => {
    const other = await kit.member();
    const res = await kit.link(other.token, [TRADER2_ACCOUNT.id], { email: TRADER2_EMAIL });
    expect(res.statusCode).toBe(200);
    const found = (await kit.discover(other.token, { email: TRADER2_EMAIL })).json();
    const hijack = await kit.t.call('POST', '/api/trading-accounts/link', {
      token: other.token,
      body: {
        platform: 'TradeLocker',
        credentials: { email: TRADER2_EMAIL, server: 'SIM-DEMO', accountType: 'demo' },
        tokens: found.tokens,
        accounts: [{ id: DEMO_ACCOUNT.id, number: '1', platform: 'TradeLocker', balance: 1, currency: 'USD', label: '' }],
      },
    });
    expect(hijack.statusCode).toBe(422);
    expect(hijack.json().message).toBe(`TradeLocker did not list account ${DEMO_ACCOUNT.id} for this login.`);
    expect((await storedRows(other.id)).map((r) => r.broker_account_id)).toEqual([TRADER2_ACCOUNT.id]);
  });

  it('rejects made-up tokens, an empty selection and other platforms', async () => {
    const m = await kit.member();
    const base = {
      platform: 'TradeLocker',
      credentials: { email: 'demo@broker.test', server: 'SIM-DEMO', accountType: 'demo' },
      tokens: { accessToken: 'forged', refreshToken: 'forged' },
      accounts: [{ id: DEMO_ACCOUNT.id, label: '' }],
    };
    const forged = await kit.t.call('POST', '/api/trading-accounts/link', { token: m.token, body: base });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().message).toBe('Your TradeLocker session has expired. Discover your accounts again.');
    const none = await kit.t.call('POST', '/api/trading-accounts/link', { token: m.token, body: { ...base, accounts: [] } });
    expect(none.json().message).toBe('Select at least one account to link.');
    const mt5 = await kit.t.call('POST', '/api/trading-accounts/link', { token: m.token, body: { ...base, platform: 'MetaTrader 5' } });
    expect(mt5.statusCode).toBe(422);
    expect(await storedRows(m.id)).toHaveLength(0);
  });
});
