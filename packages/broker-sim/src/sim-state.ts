/**
 * Everything the simulator remembers: the users from the fixture, one book per account, the
 * token sessions and the clock. Exposed in-process so tests can read the broker's side of the
 * story (balances, realised P&L) and compare it with what a client reconstructed.
 */
import { createAccountBook, type AccountBook } from './account-book.ts';
import { DEFAULT_FIXTURE, type SimFixture, type SimUserFixture } from './fixture.ts';
import { createIdSource } from './ids.ts';
import { matchOrders, matchPinned } from './order-matching.ts';
import { seedHistory, type SeedHistory } from './seeded-history.ts';
import { createSessions, type Sessions } from './sessions.ts';

export interface ClosedPositionSummary {
  positionId: string;
  tradableInstrumentId: string;
  realizedPnl: string;
  fee: string;
  swap: string;
  net: string;
}

export interface BrokerSimState {
  readonly users: SimUserFixture[];
  readonly books: Map<string, AccountBook>;
  readonly sessions: Sessions;
  /** Prices pinned by `/__sim/prices`, by tradableInstrumentId (see `PricePins`). */
  readonly pins: Map<string, number>;
  /** Pins an instrument's mid at a price (null clears the pin); fills what the move touched. */
  pinPrice(tradableInstrumentId: string, price: number | null): void;
  readonly nextId: () => string;
  now(): number;
  setNow(now: number | (() => number)): void;
  userFor(email: string, password: string, server: string): SimUserFixture | undefined;
  booksOf(email: string): AccountBook[];
  /** Fills whatever the market touched since the book was last looked at. */
  evaluate(book: AccountBook): void;
  /** The broker's own account of realised results, per position (entry fees included). */
  closedPositions(accountId: string): ClosedPositionSummary[];
}

const money = (c: number) => (c / 100).toFixed(2);

export function createSimState(options: {
  fixture?: SimFixture;
  now?: () => number;
  history?: SeedHistory | SeedHistory[];
}): BrokerSimState {
  const fixture = options.fixture ?? DEFAULT_FIXTURE;
  let clock = options.now ?? Date.now;
  const nextId = createIdSource();
  const books = new Map<string, AccountBook>();
  const pins = new Map<string, number>();
  for (const user of fixture.users) {
    for (const account of user.accounts)
      books.set(account.id, createAccountBook(account, user.email, clock(), pins));
  }
  const seeds = options.history === undefined ? [] : [options.history].flat();
  for (const seed of seeds) {
    const book = books.get(seed.accountId);
    if (!book) throw new Error(`history: unknown account ${seed.accountId}`);
    seedHistory(book, nextId, seed);
  }

  return {
    users: fixture.users,
    books,
    sessions: createSessions(),
    pins,
    pinPrice(tradableInstrumentId, price) {
      // Orders are matched up to now against the old price before the market jumps.
      for (const book of books.values()) matchOrders(book, nextId, clock());
      if (price === null) pins.delete(tradableInstrumentId);
      else pins.set(tradableInstrumentId, price);
      for (const book of books.values()) matchPinned(book, nextId, clock());
    },
    nextId,
    now: () => clock(),
    setNow(now) {
      clock = typeof now === 'number' ? () => now : now;
    },
    userFor(email, password, server) {
      return fixture.users.find(
        (u) =>
          u.email.toLowerCase() === email.toLowerCase() &&
          u.password === password &&
          u.server === server,
      );
    },
    booksOf(email) {
      return [...books.values()].filter((b) => b.ownerEmail === email);
    },
    evaluate(book) {
      matchOrders(book, nextId, clock());
      matchPinned(book, nextId, clock());
    },
    closedPositions(accountId) {
      const book = books.get(accountId);
      if (!book) return [];
      const byPosition = new Map<
        string,
        { inst: string; pnl: number; fee: number; swap: number; open: boolean }
      >();
      for (const order of book.orders.values()) {
        if (order.status !== 'Filled' || !order.positionId) continue;
        const entry = byPosition.get(order.positionId) ?? {
          inst: order.tradableInstrumentId,
          pnl: 0,
          fee: 0,
          swap: 0,
          open: false,
        };
        entry.pnl += order.realizedPnlCents;
        entry.fee += order.feeCents;
        entry.swap += order.swapCents;
        byPosition.set(order.positionId, entry);
      }
      return [...byPosition.entries()]
        .filter(([id]) => !book.positions.has(id))
        .map(([positionId, e]) => ({
          positionId,
          tradableInstrumentId: e.inst,
          realizedPnl: money(e.pnl),
          fee: money(e.fee),
          swap: money(e.swap),
          net: money(e.pnl - e.fee + e.swap),
        }));
    },
  };
}
