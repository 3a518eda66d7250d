/** A test app wired to an in-process TradeLocker simulator whose clock the test moves. */
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVER, startBrokerSim, type BrokerSimOptions } from '@th/broker-sim';
import { createMember, type MemberOptions } from '../support/members.ts';
import { createTestApp } from '../support/test-app.ts';

export const DAY = 86_400_000;
/** Wednesday 15 January 2025, 10:00 New York. */
export const START = Date.UTC(2025, 0, 15, 15, 0);

export async function brokerTestApp(options: { sim?: BrokerSimOptions; env?: Record<string, string> } = {}) {
  let now = START;
  const sim = await startBrokerSim({ now: () => now, ...options.sim });
  const t = await createTestApp({
    now: () => new Date(now),
    env: {
      BROKER_DEMO_URL: sim.url,
      BROKER_LIVE_URL: sim.url,
      BROKER_TIMEOUT_MS: '1000',
      BROKER_RETRY_BASE_MS: '5',
      ...options.env,
    },
  });

  async function member(memberOptions: MemberOptions = {}) {
    const m = await createMember(t.ctx, memberOptions);
    return { ...m, token: await t.login(m.email, m.password) };
  }

  const discover = (token: string, body: Record<string, unknown> = {}) =>
    t.call('POST', '/api/trading-accounts/discover', {
      token,
      body: { email: DEMO_EMAIL, password: DEMO_PASSWORD, server: DEMO_SERVER, accountType: 'demo', ...body },
    });

  /** Discovers with the given login and links the listed account ids. */
  async function link(token: string, ids: string[], login: Record<string, unknown> = {}, labels: Record<string, string> = {}) {
    const found = await discover(token, login);
    if (found.statusCode !== 200) throw new Error(`discover failed: ${found.body}`);
    const { tokens, accounts } = found.json<{ tokens: Record<string, string>; accounts: Array<Record<string, unknown>> }>();
    const credentials = {
      email: (login.email as string | undefined) ?? DEMO_EMAIL,
      server: DEMO_SERVER,
      accountType: (login.accountType as string | undefined) ?? 'demo',
    };
    return t.call('POST', '/api/trading-accounts/link', {
      token,
      body: {
        platform: 'TradeLocker',
        credentials,
        tokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken },
        accounts: accounts
          .filter((a) => ids.includes(a.id as string))
          .map((a) => ({ ...a, label: labels[a.id as string] ?? '' })),
      },
    });
  }

  const sync = (token: string, respectCooldown = false) =>
    t.call('POST', `/api/trading-accounts/sync${respectCooldown ? '?respect_cooldown=1' : ''}`, { token, body: {} });

  return {
    t,
    sim,
    member,
    discover,
    link,
    sync,
    advance: (ms: number) => (now += ms),
    now: () => now,
    close: async () => {
      await t.close();
      await sim.close();
    },
  };
}
