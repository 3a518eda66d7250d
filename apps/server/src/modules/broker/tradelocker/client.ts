/**
 * The TradeLocker REST client used by routes, jobs and tests. It knows nothing of the rest of
 * the server: give it a base URL (live, demo or the simulator) and tokens, get parsed data.
 */
import { BrokerError } from './broker-error.ts';
import { list, mapRow, num, record, requireString, time } from './parse.ts';
import { createRateGate } from './rate-limiter.ts';
import {
  readAccounts,
  readConfig,
  readExecution,
  readInstrument,
  readInstrumentDetails,
  readOrder,
  readPosition,
  readTokens,
} from './readers.ts';
import { createTransport, type BrokerRequest, type RetryPolicy } from './transport.ts';
import type {
  AccountRef,
  BrokerAccount,
  BrokerBar,
  BrokerExecution,
  BrokerInstrument,
  BrokerOrder,
  BrokerPosition,
  BrokerQuote,
  BrokerTokens,
  InstrumentDetails,
  PlaceOrderInput,
  TradeConfig,
} from './types.ts';

export interface TradeLockerClientOptions {
  /** e.g. https://demo.tradelocker.com/backend-api */
  baseUrl: string;
  developerKey?: string;
  fetch?: typeof fetch;
  /** Clock for token expiry decisions. */
  now?: () => number;
  retry?: Partial<RetryPolicy>;
}

/** The rate-limit bucket each call draws from, by the names the broker's config declares. */
type Bucket =
  | 'CONFIG'
  | 'ACCOUNT_STATE'
  | 'INSTRUMENTS'
  | 'INSTRUMENT_DETAILS'
  | 'QUOTES'
  | 'QUOTES_HISTORY'
  | 'ORDERS'
  | 'POSITIONS'
  | 'EXECUTIONS'
  | 'ORDERS_HISTORY'
  | 'PLACE_ORDER'
  | 'MODIFY_ORDER'
  | 'CANCEL_ORDER'
  | 'CLOSE_POSITION'
  | 'MODIFY_POSITION';

export type TradeLockerClient = ReturnType<typeof createTradeLockerClient>;

export function createTradeLockerClient(options: TradeLockerClientOptions) {
  const now = options.now ?? Date.now;
  const transport = createTransport(options);
  const gate = createRateGate();
  const configs = new Map<string, Promise<TradeConfig>>();
  const base = options.baseUrl.replace(/\/+$/, '');

  async function config(ref: AccountRef): Promise<TradeConfig> {
    const key = `${base}|${ref.accountId}`;
    let cached = configs.get(key);
    if (!cached) {
      cached = transport
        .send({
          method: 'GET',
          path: '/trade/config',
          accessToken: ref.accessToken,
          accNum: ref.accNum,
          idempotent: true,
          wrapped: true,
        })
        .then(readConfig);
      configs.set(key, cached);
      cached.catch(() => configs.delete(key));
    }
    return cached;
  }

  /** A /trade/* call paced by the account's declared limit for its bucket. */
  async function trade(
    ref: AccountRef,
    bucket: Bucket,
    request: Omit<BrokerRequest, 'accessToken' | 'accNum' | 'wrapped'>,
  ) {
    const rules = (await config(ref)).rateLimits;
    const rule = rules.find((r) => r.rateLimitType === bucket);
    return transport.send({
      ...request,
      accessToken: ref.accessToken,
      accNum: ref.accNum,
      wrapped: true,
      beforeAttempt: () => gate.acquire(`${base}|${ref.accountId}|${bucket}`, rule),
    });
  }

  const accountPath = (ref: AccountRef, rest: string) =>
    `/trade/accounts/${encodeURIComponent(ref.accountId)}${rest}`;

  async function rows(
    ref: AccountRef,
    bucket: Bucket,
    path: string,
    key: string,
    columns: keyof TradeConfig['columns'],
  ) {
    const d = record(
      await trade(ref, bucket, { method: 'GET', path: accountPath(ref, path), idempotent: true }),
    );
    const ids = (await config(ref)).columns[columns];
    return list(d[key]).map((row) => mapRow(ids, row));
  }

  return {
    async login(email: string, password: string, server: string): Promise<BrokerTokens> {
      const body = await transport.send({
        method: 'POST',
        path: '/auth/jwt/token',
        body: { email, password, server },
        idempotent: true,
        wrapped: false,
        credentialCall: true,
      });
      return readTokens(body, now());
    },

    async refresh(refreshToken: string): Promise<BrokerTokens> {
      const body = await transport.send({
        method: 'POST',
        path: '/auth/jwt/refresh',
        body: { refreshToken },
        idempotent: true,
        wrapped: false,
        credentialCall: true,
      });
      return readTokens(body, now());
    },

    async allAccounts(accessToken: string): Promise<BrokerAccount[]> {
      const body = await transport.send({
        method: 'GET',
        path: '/auth/jwt/all-accounts',
        accessToken,
        idempotent: true,
        wrapped: false,
      });
      return readAccounts(body);
    },

    config,

    /** accountDetailsData mapped by the config's column ids (balance, equity, …). */
    async accountState(ref: AccountRef): Promise<Record<string, number | null>> {
      const d = record(
        await trade(ref, 'ACCOUNT_STATE', {
          method: 'GET',
          path: accountPath(ref, '/state'),
          idempotent: true,
        }),
      );
      const values = list(d.accountDetailsData);
      const ids = (await config(ref)).columns.accountDetails;
      const out: Record<string, number | null> = {};
      (ids.length ? ids : ['balance']).forEach((id, i) => (out[id] = num(values[i])));
      return out;
    },

    async instruments(ref: AccountRef): Promise<BrokerInstrument[]> {
      const d = record(
        await trade(ref, 'INSTRUMENTS', {
          method: 'GET',
          path: accountPath(ref, '/instruments'),
          idempotent: true,
        }),
      );
      return list(d.instruments).map(readInstrument);
    },

    async instrumentDetails(
      ref: AccountRef,
      tradableInstrumentId: string,
      routeId: string,
    ): Promise<InstrumentDetails> {
      const d = await trade(ref, 'INSTRUMENT_DETAILS', {
        method: 'GET',
        path: `/trade/instruments/${encodeURIComponent(tradableInstrumentId)}`,
        query: { routeId },
        idempotent: true,
      });
      return readInstrumentDetails(d, tradableInstrumentId);
    },

    async quotes(
      ref: AccountRef,
      q: { tradableInstrumentId: string; routeId: string },
    ): Promise<BrokerQuote> {
      const d = record(
        await trade(ref, 'QUOTES', {
          method: 'GET',
          path: '/trade/quotes',
          query: q,
          idempotent: true,
        }),
      );
      const ask = num(d.ap);
      const bid = num(d.bp);
      if (ask === null || bid === null)
        throw new BrokerError('bad_response', 'Quote without bid/ask');
      return { ask, bid, askSize: num(d.as), bidSize: num(d.bs) };
    },

    /** Bars in [from, to] (ms); an empty history ({s:"no_data"}) is an empty list. */
    async history(
      ref: AccountRef,
      q: {
        tradableInstrumentId: string;
        routeId: string;
        resolution: string;
        from: number;
        to: number;
      },
    ): Promise<BrokerBar[]> {
      const d = record(
        await trade(ref, 'QUOTES_HISTORY', {
          method: 'GET',
          path: '/trade/history',
          query: q,
          idempotent: true,
        }),
      );
      return list(d.barDetails).flatMap((raw) => {
        const b = record(raw);
        const bar = {
          t: time(b.t),
          o: num(b.o),
          h: num(b.h),
          l: num(b.l),
          c: num(b.c),
          v: num(b.v) ?? 0,
        };
        return bar.t === null ||
          bar.o === null ||
          bar.h === null ||
          bar.l === null ||
          bar.c === null
          ? []
          : [bar as BrokerBar];
      });
    },

    async orders(ref: AccountRef): Promise<BrokerOrder[]> {
      return (await rows(ref, 'ORDERS', '/orders', 'orders', 'orders')).map(readOrder);
    },

    async positions(ref: AccountRef): Promise<BrokerPosition[]> {
      return (await rows(ref, 'POSITIONS', '/positions', 'positions', 'positions')).map(
        readPosition,
      );
    },

    async executions(ref: AccountRef): Promise<BrokerExecution[]> {
      return (await rows(ref, 'EXECUTIONS', '/executions', 'executions', 'filledOrders')).map(
        readExecution,
      );
    },

    /**
     * Every history order in [from, to]. The broker has no page parameter: while it says
     * hasMore, narrow the window past the rows already seen (either sort order works).
     */
    async ordersHistory(
      ref: AccountRef,
      q: { from: number; to: number; tradableInstrumentId?: string },
    ): Promise<BrokerOrder[]> {
      const seen = new Map<string, BrokerOrder>();
      let [from, to] = [q.from, q.to];
      for (let page = 0; page < 100_000 && from <= to; page++) {
        const d = record(
          await trade(ref, 'ORDERS_HISTORY', {
            method: 'GET',
            path: accountPath(ref, '/ordersHistory'),
            query: { from, to, tradableInstrumentId: q.tradableInstrumentId },
            idempotent: true,
          }),
        );
        const ids = (await config(ref)).columns.ordersHistory;
        const orders = list(d.ordersHistory).map((row) => readOrder(mapRow(ids, row)));
        const before = seen.size;
        for (const order of orders) seen.set(order.id, order);
        if (d.hasMore !== true && d.hasMore !== 'true') break;
        const times = orders
          .map((o) => o.lastModified ?? o.createdDate)
          .filter((t): t is number => t !== null);
        if (times.length === 0) break;
        const ascending = times[0]! <= times[times.length - 1]!;
        // Boundary rows repeat on the next page (ids dedupe them); if a page brought nothing
        // new, step one millisecond past it so paging always ends.
        const stuck = seen.size === before;
        if (ascending) from = Math.max(...times) + (stuck ? 1 : 0);
        else to = Math.min(...times) - (stuck ? 1 : 0);
      }
      const at = (o: BrokerOrder) => o.lastModified ?? o.createdDate ?? 0;
      return [...seen.values()].sort((a, b) => at(a) - at(b));
    },

    /** Places an order. Only retried after a lost answer when it carries a strategyId. */
    async placeOrder(ref: AccountRef, input: PlaceOrderInput): Promise<{ orderId: string }> {
      const body = {
        ...input,
        validity: input.validity ?? (input.type === 'market' ? 'IOC' : 'GTC'),
      };
      const d = record(
        await trade(ref, 'PLACE_ORDER', {
          method: 'POST',
          path: accountPath(ref, '/orders'),
          body,
          idempotent: Boolean(input.strategyId),
        }),
      );
      return { orderId: requireString(d.orderId, 'orderId') };
    },

    async modifyOrder(
      ref: AccountRef,
      orderId: string,
      patch: Record<string, string | number | null>,
    ): Promise<void> {
      await trade(ref, 'MODIFY_ORDER', {
        method: 'PATCH',
        path: `/trade/orders/${encodeURIComponent(orderId)}`,
        body: patch,
        idempotent: true,
      });
    },

    async cancelOrder(ref: AccountRef, orderId: string): Promise<void> {
      await trade(ref, 'CANCEL_ORDER', {
        method: 'DELETE',
        path: `/trade/orders/${encodeURIComponent(orderId)}`,
        idempotent: true,
      });
    },

    /** Closes qty lots (0 = all). A partial close is not retried: it could close twice. */
    async closePosition(
      ref: AccountRef,
      positionId: string,
      qty: string | number = 0,
    ): Promise<void> {
      await trade(ref, 'CLOSE_POSITION', {
        method: 'DELETE',
        path: `/trade/positions/${encodeURIComponent(positionId)}`,
        body: { qty },
        idempotent: Number(qty) === 0,
      });
    },

    async modifyPosition(
      ref: AccountRef,
      positionId: string,
      levels: { stopLoss?: string | number | null; takeProfit?: string | number | null },
    ): Promise<void> {
      await trade(ref, 'MODIFY_POSITION', {
        method: 'PATCH',
        path: `/trade/positions/${encodeURIComponent(positionId)}`,
        body: levels,
        idempotent: true,
      });
    },
  };
}
