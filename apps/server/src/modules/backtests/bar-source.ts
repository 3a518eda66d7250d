import { MAX_HISTORY_BARS } from '@th/broker-sim';
import { canonicalInstrument, type InstrumentSymbol } from '@th/domain';
import type { Config } from '../../config.ts';
import { createTradeLockerClient, type AccountRef } from '../broker/index.ts';
import { marketDataLogin } from '../levels/index.ts';

const MINUTE = 60_000;

export type SourceBar = { t: number; o: number; h: number; l: number; c: number; v: number };

/** Where backtests get the one-minute bars the cache does not hold yet. */
export type BarSource = {
  /** Bars with open time in [fromMs, toMs], both included, sorted by time. */
  minuteBars(instrument: InstrumentSymbol, fromMs: number, toMs: number): Promise<SourceBar[]>;
};

/** TradeLocker answers at most this many bars per history call (and so does the simulator). */
export const HISTORY_CHUNK_MINUTES = MAX_HISTORY_BARS;

/** Splits [fromMs, toMs] into windows the broker accepts in one call. */
export function historyWindows(fromMs: number, toMs: number): Array<[number, number]> {
  const windows: Array<[number, number]> = [];
  for (let start = fromMs; start <= toMs; start += HISTORY_CHUNK_MINUTES * MINUTE) {
    windows.push([start, Math.min(toMs, start + (HISTORY_CHUNK_MINUTES - 1) * MINUTE)]);
  }
  return windows;
}

/**
 * The market-data login the levels job reads from (the simulator's demo login by default):
 * the same market the members' bots trade. Null when none is configured.
 */
export async function connectBarSource(config: Config): Promise<BarSource | null> {
  const login = marketDataLogin(config);
  if (!login) return null;
  const client = createTradeLockerClient({
    baseUrl: login.url,
    ...(config.BROKER_DEVELOPER_KEY ? { developerKey: config.BROKER_DEVELOPER_KEY } : {}),
  });
  const tokens = await client.login(login.email, login.password, login.server);
  const accounts = await client.allAccounts(tokens.accessToken);
  const account = login.accountId ? accounts.find((a) => a.id === login.accountId) : accounts[0];
  if (!account) throw new Error(`Market-data account ${login.accountId ?? ''} is not on this login.`);
  const ref: AccountRef = { accessToken: tokens.accessToken, accountId: account.id, accNum: account.accNum };

  let routes: Promise<Map<InstrumentSymbol, { tradableInstrumentId: string; routeId: string }>> | null = null;
  const routeMap = async () => {
    const map = new Map<InstrumentSymbol, { tradableInstrumentId: string; routeId: string }>();
    for (const instrument of await client.instruments(ref)) {
      const symbol = canonicalInstrument(instrument.name);
      const routeId = instrument.infoRouteId ?? instrument.tradeRouteId;
      // The first listing of a market wins; brokers list mini or cash variants after it.
      if (symbol && routeId && !map.has(symbol)) {
        map.set(symbol, { tradableInstrumentId: instrument.tradableInstrumentId, routeId });
      }
    }
    return map;
  };

  return {
    async minuteBars(instrument, fromMs, toMs) {
      routes ??= routeMap();
      const route = (await routes).get(instrument);
      if (!route) throw new Error(`The market-data broker does not list ${instrument}.`);
      const bars: SourceBar[] = [];
      for (const [from, to] of historyWindows(fromMs, toMs)) {
        const chunk = await client.history(ref, { ...route, resolution: '1m', from, to });
        for (const b of chunk) if (b.t >= from && b.t <= to) bars.push(b);
      }
      return bars.sort((a, b) => a.t - b.t);
    },
  };
}
