/** Test helper: a logged-in caller of a running simulator. */
import {
  DEMO_ACCOUNT,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_SERVER,
  startBrokerSim,
  type BrokerSimOptions,
} from '../src/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary broker JSON
type BrokerJson = any;

/** Wednesday 15 January 2025, 15:00 UTC (10:00 New York): every market is open. */
export const WEDNESDAY_10AM_NY = Date.UTC(2025, 0, 15, 15, 0);

export async function openSession(options: BrokerSimOptions & { at?: number } = {}) {
  let now = options.at ?? WEDNESDAY_10AM_NY;
  const sim = await startBrokerSim({ now: () => now, ...options });
  const login = async () => {
    const res = await fetch(`${sim.url}/auth/jwt/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD, server: DEMO_SERVER }),
    });
    return (await res.json()) as { accessToken: string; refreshToken: string };
  };
  let tokens = await login();
  const call = async (
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; headers: Headers; json: BrokerJson }> => {
    const headers = {
      authorization: `Bearer ${tokens.accessToken}`,
      accNum: DEMO_ACCOUNT.accNum,
      'content-type': 'application/json',
    };
    const res = await fetch(`${sim.url}${path}`, {
      method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as BrokerJson;
    // Tests move the clock by hours; a fresh login stands in for the client's token refresh.
    if (res.status === 401 && json.errmsg === 'Token expired' && !sim.faults.expireAccessTokens) {
      tokens = await login();
      return call(method, path, body);
    }
    return { status: res.status, headers: res.headers, json };
  };
  const account = `/trade/accounts/${DEMO_ACCOUNT.id}`;
  return {
    sim,
    get tokens() {
      return tokens;
    },
    call,
    account,
    get now() {
      return now;
    },
    advance(ms: number) {
      now += ms;
    },
    async columns(kind: 'ordersHistoryConfig' | 'positionsConfig' | 'ordersConfig') {
      const config = await call('GET', '/trade/config');
      return (config.json.d[kind].columns as Array<{ id: string }>).map((c) => c.id);
    },
    /** Rows of a list endpoint as objects keyed by the config's column ids. */
    async rows(kind: 'ordersHistory' | 'positions' | 'orders', query = '') {
      const columns = await this.columns(
        `${kind === 'ordersHistory' ? 'ordersHistory' : kind}Config` as never,
      );
      const res = await call('GET', `${account}/${kind}${query}`);
      return (res.json.d[kind] as string[][]).map((row) =>
        Object.fromEntries(columns.map((c, i) => [c, row[i]])),
      );
    },
  };
}
