/**
 * The simulator as an HTTP service: `createBrokerSim` gives a node:http request handler (so the
 * app can mount it on its own port) and `startBrokerSim` listens on a port of its own. Every
 * request passes latency → auth → rate limit → injected faults → the route.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFaultDice, NO_FAULTS, updateFaults, type Faults } from './faults.ts';
import type { SimFixture } from './fixture.ts';
import { brokerError, header, readJson, send, type Reply } from './http-kit.ts';
import { findInstrument } from './instruments.ts';
import { createRateLimiter } from './rate-limiter.ts';
import type { SeedHistory } from './seeded-history.ts';
import { createSimState, type BrokerSimState } from './sim-state.ts';
import { DEFAULT_RATE_LIMITS, type RateLimit } from './trade-config.ts';
import { TRADE_ROUTES } from './trade-routes.ts';

export const API_PREFIX = '/backend-api';

export interface BrokerSimOptions {
  /** The simulator's clock (market time, token expiry); defaults to Date.now. */
  now?: () => number;
  fixture?: SimFixture;
  rateLimits?: RateLimit[];
  history?: SeedHistory | SeedHistory[];
  /** Rows per ordersHistory answer before hasMore is set (default 1000). */
  historyPageSize?: number;
  /** Seed of the fault dice, so injected faults replay identically. */
  faultSeed?: number;
}

export interface BrokerSim {
  state: BrokerSimState;
  /** Live switches: change fields in place or call setFaults. */
  faults: Faults;
  setFaults(patch: Partial<Faults>): Faults;
  setNow(now: number | (() => number)): void;
  handle(req: IncomingMessage, res: ServerResponse): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createBrokerSim(options: BrokerSimOptions = {}): BrokerSim {
  const state = createSimState(options);
  const faults: Faults = { ...NO_FAULTS };
  const rateLimits = options.rateLimits ?? DEFAULT_RATE_LIMITS;
  const limiter = createRateLimiter(rateLimits);
  const roll = createFaultDice(options.faultSeed);
  const historyPageSize = options.historyPageSize ?? 1_000;

  function authenticate(req: IncomingMessage): string | Reply {
    const auth = header(req, 'authorization') ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7).trim() : '';
    if (!token) return brokerError(401, 'Missing bearer token');
    const email = state.sessions.checkAccess(token, state.now());
    if (email === null) return brokerError(401, 'Invalid token');
    if (email === 'expired' || faults.expireAccessTokens) return brokerError(401, 'Token expired');
    return email;
  }

  const pinsBody = () =>
    Object.fromEntries(
      [...state.pins].map(([id, price]) => [findInstrument(id)?.name ?? id, price]),
    );

  function simControl(method: string, path: string, body: Record<string, unknown>): Reply | null {
    if (path === '/__sim/faults') {
      if (method === 'POST') updateFaults(faults, body);
      return { status: 200, body: faults };
    }
    if (path === '/__sim/clock' && method === 'POST' && Number.isFinite(Number(body.now))) {
      state.setNow(Number(body.now));
      return { status: 200, body: { now: state.now() } };
    }
    if (path === '/__sim/prices') {
      if (method === 'POST') {
        const symbol = typeof body.symbol === 'string' ? body.symbol : '';
        const inst = findInstrument(symbol);
        if (!inst) return brokerError(400, `Unknown instrument ${symbol || '(none)'}`);
        const price = body.price === null ? null : Number(body.price);
        if (price !== null && !(Number.isFinite(price) && price > 0))
          return brokerError(400, 'price must be a positive number, or null to clear the pin');
        state.pinPrice(inst.tradableInstrumentId, price);
      } else if (method === 'DELETE') {
        for (const id of [...state.pins.keys()]) state.pinPrice(id, null);
      }
      return { status: 200, body: { pins: pinsBody() } };
    }
    const closed = /^\/__sim\/accounts\/([^/]+)\/closed-positions$/.exec(path);
    if (closed && method === 'GET') {
      const book = state.books.get(closed[1]!);
      if (!book) return brokerError(404, 'Account not found');
      state.evaluate(book);
      return {
        status: 200,
        body: {
          balance: (book.balanceCents / 100).toFixed(2),
          positions: state.closedPositions(book.fixture.id),
        },
      };
    }
    return null;
  }

  async function route(
    req: IncomingMessage,
    method: string,
    path: string,
    url: URL,
  ): Promise<Reply | 'hang'> {
    const body = method === 'GET' ? {} : await readJson(req);
    if (path === '/auth/jwt/token' && method === 'POST') {
      const dice = roll(faults);
      if (dice !== 'none') return injected(dice);
      const { email, password, server } = body;
      if (typeof email !== 'string' || typeof password !== 'string' || typeof server !== 'string') {
        return brokerError(400, 'email, password and server are required');
      }
      const user = state.userFor(email, password, server);
      if (!user) return brokerError(400, 'Invalid credentials');
      return { status: 201, body: state.sessions.issue(user.email, state.now()) };
    }
    if (path === '/auth/jwt/refresh' && method === 'POST') {
      const dice = roll(faults);
      if (dice !== 'none') return injected(dice);
      const pair = faults.failRefresh
        ? null
        : state.sessions.refresh(String(body.refreshToken ?? ''), state.now());
      return pair
        ? { status: 201, body: pair }
        : brokerError(401, 'Invalid or expired refresh token');
    }

    const email = authenticate(req);
    if (typeof email !== 'string') return email;

    if (path === '/auth/jwt/all-accounts' && method === 'GET') {
      const dice = roll(faults);
      if (dice !== 'none') return injected(dice);
      const accounts = state.booksOf(email).map((book) => {
        state.evaluate(book);
        const a = book.fixture;
        return {
          id: a.id,
          name: a.name,
          currency: a.currency,
          status: a.status ?? 'ACTIVE',
          accNum: a.accNum,
          accountBalance: (book.balanceCents / 100).toFixed(2),
        };
      });
      return { status: 200, body: { accounts } };
    }

    for (const r of TRADE_ROUTES) {
      const match = r.method === method ? r.pattern.exec(path) : null;
      if (!match) continue;
      const accNum = header(req, 'accNum');
      if (!accNum) return brokerError(400, 'accNum header is required');
      const book = state.booksOf(email).find((b) => b.fixture.accNum === accNum);
      if (!book) return brokerError(403, 'Unknown accNum for this user');
      let params = match.slice(1);
      if (path.startsWith('/trade/accounts/')) {
        if (params[0] !== book.fixture.id)
          return brokerError(403, 'accountId does not match accNum');
        params = params.slice(1);
      }
      const wait = limiter.take(`${email}/${accNum}`, r.key);
      if (wait > 0) {
        return brokerError(429, 'Rate limit exceeded', {
          'retry-after': String(Math.ceil(wait / 1000)),
        });
      }
      const dice = roll(faults);
      if (dice === 'server_error' || dice === 'broker_error') return injected(dice);
      state.evaluate(book);
      const reply = r.handle({
        state,
        book,
        params,
        query: url.searchParams,
        body,
        rateLimits,
        historyPageSize,
      });
      return dice === 'hang' ? 'hang' : reply;
    }
    return brokerError(404, `No route ${method} ${path}`);
  }

  function injected(dice: 'server_error' | 'broker_error' | 'hang'): Reply | 'hang' {
    if (dice === 'hang') return 'hang';
    if (dice === 'server_error') return brokerError(503, 'Service unavailable (simulated)');
    return { status: 200, body: { s: 'error', errmsg: 'Internal error (simulated)' } };
  }

  async function handleAsync(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://sim.local');
    const simPath = url.pathname.replace(/^\/backend-api(?=\/__sim\/)/, '');
    if (method === 'OPTIONS') return send(req, res, { status: 204 });
    if (simPath.startsWith('/__sim/')) {
      const body = method === 'GET' ? {} : await readJson(req);
      return send(
        req,
        res,
        simControl(method, simPath, body) ?? brokerError(404, 'Unknown control'),
      );
    }
    if (!url.pathname.startsWith(`${API_PREFIX}/`))
      return send(req, res, brokerError(404, 'Not found'));
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    const reply = await route(req, method, url.pathname.slice(API_PREFIX.length), url);
    // A hang keeps the socket open until the client gives up (or the sim closes).
    if (reply !== 'hang') send(req, res, reply);
  }

  return {
    state,
    faults,
    setFaults: (patch) => updateFaults(faults, patch as Record<string, unknown>),
    setNow: (now) => state.setNow(now),
    handle(req, res) {
      handleAsync(req, res).catch((error: unknown) => {
        const bad = error instanceof SyntaxError;
        if (!res.headersSent)
          send(
            req,
            res,
            brokerError(bad ? 400 : 500, bad ? 'Malformed JSON body' : 'Internal error'),
          );
      });
    },
  };
}

export interface StartedBrokerSim extends BrokerSim {
  /** Base URL including /backend-api, e.g. http://127.0.0.1:3100/backend-api. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startBrokerSim(
  options: BrokerSimOptions & { port?: number; host?: string } = {},
): Promise<StartedBrokerSim> {
  const sim = createBrokerSim(options);
  const server = createServer((req, res) => sim.handle(req, res));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    ...sim,
    url: `http://${host}:${port}${API_PREFIX}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
