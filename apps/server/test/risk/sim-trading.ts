/**
 * Trading on the simulator's demo account as a member would in TradeLocker, for the enforcement
 * tests: orders, the book, a pinned price, a protected member and a losing trade.
 */
import { expect } from 'vitest';
import { DEMO_ACCOUNT, DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVER, TRADE_ROUTE_ID, type BrokerSimState } from '@th/broker-sim';
import { botMember, linkSimAccount, NAS100_ID, type World } from '../alphaorb/support.ts';
import { DAILY_LOSS_500 } from '../support/risk-rules.ts';

type Book = NonNullable<ReturnType<BrokerSimState['books']['get']>>;
type Position = Book['positions'] extends Map<string, infer P> ? P : never;
type Order = Book['orders'] extends Map<string, infer O> ? O : never;

/** The helpers on the world `world()` answers (created in a beforeAll). */
export function simTrading(world: () => World) {
  async function simLogin() {
    const res = await fetch(`${world().sim.url}/auth/jwt/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD, server: DEMO_SERVER }),
    });
    return ((await res.json()) as { accessToken: string }).accessToken;
  }

  /** Places an order on the simulator's demo account as the member would in TradeLocker. */
  async function place(body: Record<string, unknown>) {
    const token = await simLogin();
    const res = await fetch(`${world().sim.url}/trade/accounts/${DEMO_ACCOUNT.id}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, accNum: DEMO_ACCOUNT.accNum, 'content-type': 'application/json' },
      body: JSON.stringify({ tradableInstrumentId: NAS100_ID, routeId: TRADE_ROUTE_ID, qty: 1, side: 'buy', type: 'market', validity: 'IOC', ...body }),
    });
    const json = (await res.json()) as { s: string; d: { orderId: string } };
    expect(json.s).toBe('ok');
    return json.d.orderId;
  }

  const book = (): Book => world().sim.state.books.get(DEMO_ACCOUNT.id)!;
  const openPositions = (): Position[] => [...book().positions.values()];
  const workingOrders = (): Order[] => [...book().orders.values()].filter((o) => o.status === 'New' && !o.closesPosition);
  const closingOrders = (positionId: string): Order[] => [...book().orders.values()].filter((o) => o.positionId === positionId && o.closesPosition && o.type === 'market');

  async function pin(price: number) {
    const res = await fetch(`${world().sim.url}/__sim/prices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'NAS100', price }),
    });
    expect(res.status).toBe(200);
  }

  /** A member with the simulator's demo account linked and the given rules set on it. */
  async function protectedMember(rules: Record<string, unknown> = DAILY_LOSS_500) {
    const member = await botMember(world());
    const account = await linkSimAccount(world(), member.id);
    const res = await world().t.call('PUT', `/api/risk/accounts/${account.id}/rules`, { token: member.token, body: rules });
    expect(res.statusCode, res.body).toBe(200);
    return { member, accountId: account.id };
  }

  /** Opens a 1-lot buy and a working limit order, then moves the price `drop` points down. */
  async function loseMoney(drop: number) {
    await place({});
    const [position] = openPositions();
    await place({ type: 'limit', validity: 'GTC', price: Math.round(position!.avgPrice - 2_000) });
    await pin(Math.round(position!.avgPrice - drop));
    return position!.id;
  }

  return { place, book, openPositions, workingOrders, closingOrders, pin, protectedMember, loseMoney };
}
