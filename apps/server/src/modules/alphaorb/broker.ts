/**
 * The broker as a bot sees it: one linked account's market data and orders. Market data comes
 * from the account's own TradeLocker session; a test-mode bot on an account whose login can no
 * longer be used falls back to the configured market-data login (the simulator's demo login in
 * the embedded setup), because paper trading only needs prices. Orders always need the session.
 */
import type { AppContext } from '../../context.ts';
import type { tradingAccounts } from '../../db/schema/index.ts';
import {
  createTradeLockerClient,
  type AccountRef,
  type BrokerBar,
  type BrokerInstrument,
  type BrokerOrder,
  type BrokerPosition,
  type BrokerQuote,
  type PlaceOrderInput,
  type TradeLockerClient,
} from '../broker/index.ts';
import { marketDataLogin } from '../levels/index.ts';
import { openBrokerSession } from '../trading-accounts/index.ts';

type AccountRow = typeof tradingAccounts.$inferSelect;

export type InstrumentRoute = { tradableInstrumentId: string; routeId: string };

export type BotBroker = {
  instruments(): Promise<BrokerInstrument[]>;
  /** Money per point per lot (the broker's contract size), null when it does not say. */
  contractSize(route: InstrumentRoute): Promise<number | null>;
  quote(route: InstrumentRoute): Promise<BrokerQuote>;
  /** Closed and forming 1-minute bars in [from, to] (ms). */
  bars(route: InstrumentRoute, from: number, to: number): Promise<BrokerBar[]>;
  /** Null when only market data is available (no usable login for the account). */
  trading: {
    orders(): Promise<BrokerOrder[]>;
    ordersHistory(from: number, to: number): Promise<BrokerOrder[]>;
    positions(): Promise<BrokerPosition[]>;
    placeOrder(input: PlaceOrderInput): Promise<{ orderId: string }>;
    cancelOrder(orderId: string): Promise<void>;
    closePosition(positionId: string): Promise<void>;
  } | null;
};

export type Caller = <T>(run: (client: TradeLockerClient, ref: AccountRef) => Promise<T>) => Promise<T>;

function brokerOver(call: Caller, trading: boolean): BotBroker {
  return {
    instruments: () => call((c, ref) => c.instruments(ref)),
    contractSize: (route) =>
      call((c, ref) => c.instrumentDetails(ref, route.tradableInstrumentId, route.routeId)).then((d) => d.lotSize),
    quote: (route) => call((c, ref) => c.quotes(ref, route)),
    bars: (route, from, to) => call((c, ref) => c.history(ref, { ...route, resolution: '1m', from, to })),
    trading: trading
      ? {
          orders: () => call((c, ref) => c.orders(ref)),
          ordersHistory: (from, to) => call((c, ref) => c.ordersHistory(ref, { from, to })),
          positions: () => call((c, ref) => c.positions(ref)),
          placeOrder: (input) => call((c, ref) => c.placeOrder(ref, input)),
          cancelOrder: (orderId) => call((c, ref) => c.cancelOrder(ref, orderId)),
          closePosition: (positionId) => call((c, ref) => c.closePosition(ref, positionId)),
        }
      : null,
  };
}

// One market-data login per process (ctx.memory), shared by every bot that needs it.
function marketDataCaller(ctx: AppContext): Promise<Caller | null> {
  let pending = ctx.memory.marketData;
  if (!pending) {
    pending = (async () => {
      const login = marketDataLogin(ctx.config);
      if (!login) return null;
      const client = createTradeLockerClient({ baseUrl: login.url, now: () => ctx.now().getTime() });
      const tokens = await client.login(login.email, login.password, login.server);
      const accounts = await client.allAccounts(tokens.accessToken);
      const account = accounts.find((a) => a.id === login.accountId) ?? accounts[0];
      if (!account) return null;
      const ref: AccountRef = { accessToken: tokens.accessToken, accountId: account.id, accNum: account.accNum };
      const caller: Caller = (run) => run(client, ref);
      return caller;
    })().catch((error: unknown) => {
      ctx.memory.marketData = null;
      throw error;
    });
    ctx.memory.marketData = pending;
  }
  return pending;
}

/** The broker of a linked account, or null when neither its login nor market data is available. */
export async function botBrokerFor(ctx: AppContext, account: AccountRow): Promise<BotBroker | null> {
  const session = account.status === 'active' ? openBrokerSession(ctx, account) : null;
  if (session) return brokerOver((run) => session.call((ref) => run(session.client, ref)), true);
  const caller = await marketDataCaller(ctx);
  return caller ? brokerOver(caller, false) : null;
}
