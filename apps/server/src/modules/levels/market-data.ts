import { API_PREFIX, DEMO_ACCOUNT, DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVER } from '@th/broker-sim';
import { canonicalInstrument, type InstrumentSymbol } from '@th/domain';
import type { Config } from '../../config.ts';
import { createTradeLockerClient, type AccountRef } from '../broker/index.ts';
import type { MinuteBar } from './compute-levels.ts';

/** Where the levels job reads one-minute bars from. */
export type MarketData = {
  minuteBars: (instrument: InstrumentSymbol, fromMs: number, toMs: number) => Promise<MinuteBar[]>;
};

export type MarketDataLogin = {
  url: string;
  email: string;
  password: string;
  server: string;
  /** Broker account id; the login's first account when absent. */
  accountId: string | undefined;
};

/**
 * The configured market-data login. With the embedded simulator on and nothing configured,
 * its demo login serves (the simulator's market is the one the rest of the app trades).
 */
export function marketDataLogin(config: Config): MarketDataLogin | null {
  if (config.MARKET_DATA_EMAIL && config.MARKET_DATA_PASSWORD && config.MARKET_DATA_SERVER) {
    const url = config.MARKET_DATA_URL ?? config.BROKER_LIVE_URL ?? config.BROKER_DEMO_URL;
    if (!url) return null;
    return {
      url,
      email: config.MARKET_DATA_EMAIL,
      password: config.MARKET_DATA_PASSWORD,
      server: config.MARKET_DATA_SERVER,
      accountId: config.MARKET_DATA_ACCOUNT,
    };
  }
  if (!config.BROKER_SIM) return null;
  return {
    url: config.MARKET_DATA_URL ?? `http://127.0.0.1:${config.BROKER_SIM_PORT}${API_PREFIX}`,
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    server: DEMO_SERVER,
    accountId: config.MARKET_DATA_ACCOUNT ?? DEMO_ACCOUNT.id,
  };
}

/** Signs in once and resolves the broker's instrument ids for the instruments we track. */
export async function connectMarketData(login: MarketDataLogin, developerKey?: string): Promise<MarketData> {
  const client = createTradeLockerClient({ baseUrl: login.url, ...(developerKey ? { developerKey } : {}) });
  const tokens = await client.login(login.email, login.password, login.server);
  const accounts = await client.allAccounts(tokens.accessToken);
  const account = login.accountId ? accounts.find((a) => a.id === login.accountId) : accounts[0];
  if (!account) throw new Error(`Market-data account ${login.accountId ?? ''} is not on this login.`);
  const ref: AccountRef = { accessToken: tokens.accessToken, accountId: account.id, accNum: account.accNum };

  const routes = new Map<InstrumentSymbol, { tradableInstrumentId: string; routeId: string }>();
  for (const instrument of await client.instruments(ref)) {
    const symbol = canonicalInstrument(instrument.name);
    const routeId = instrument.infoRouteId ?? instrument.tradeRouteId;
    // The first listing of a market wins; brokers sometimes list mini or cash variants after it.
    if (symbol && routeId && !routes.has(symbol)) {
      routes.set(symbol, { tradableInstrumentId: instrument.tradableInstrumentId, routeId });
    }
  }

  return {
    async minuteBars(instrument, fromMs, toMs) {
      const route = routes.get(instrument);
      if (!route) return [];
      // The broker's range is inclusive at both ends; the session windows are half-open.
      return client.history(ref, { ...route, resolution: '1m', from: fromMs, to: toMs - 1 });
    },
  };
}
