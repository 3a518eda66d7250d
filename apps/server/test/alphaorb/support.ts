import { DEMO_ACCOUNT, DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVER, startBrokerSim, type StartedBrokerSim } from '@th/broker-sim';
import { tradingAccounts } from '../../src/db/schema/index.ts';
import { brokerClient, sealTokens } from '../../src/modules/trading-accounts/broker-session.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The simulator and the app share one controllable clock. */
export type World = { t: TestApp; sim: StartedBrokerSim; clock: { now: number }; close(): Promise<void> };

export async function createWorld(start: string): Promise<World> {
  const clock = { now: Date.parse(start) };
  const sim = await startBrokerSim({ now: () => clock.now });
  const t = await createTestApp({
    now: () => new Date(clock.now),
    env: { BROKER_DEMO_URL: sim.url, BROKER_LIVE_URL: sim.url, BROKER_RETRY_BASE_MS: '0', BROKER_TIMEOUT_MS: '5000' },
  });
  return {
    t,
    sim,
    clock,
    close: async () => {
      await t.close();
      await sim.close();
    },
  };
}

export async function botMember(world: World, permissions = ['alphaorb.manage']) {
  const member = await createMember(world.t.ctx, { permissions });
  return { ...member, token: await world.t.login(member.email, member.password) };
}

/** Links the simulator's demo account the way the link wizard stores it (sealed tokens). */
export async function linkSimAccount(world: World, userId: string) {
  const tokens = await brokerClient(world.t.ctx, 'demo').login(DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVER);
  const [row] = await world.t.ctx.db
    .insert(tradingAccounts)
    .values({
      userId,
      environment: 'demo',
      brokerAccountId: DEMO_ACCOUNT.id,
      accNum: DEMO_ACCOUNT.accNum,
      name: DEMO_ACCOUNT.name,
      currency: 'USD',
      ...sealTokens(world.t.ctx, tokens),
    })
    .returning();
  return row!;
}

export const NAS100_ID = '1001';

export function botBody(accountId: string, overrides: Record<string, unknown> = {}) {
  return {
    label: 'Morning NAS100',
    trading_account_id: accountId,
    instrument_id: NAS100_ID,
    orb_minutes: 5,
    orb_start_local: '09:30',
    run_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    lot_size: 1,
    order_type: 'market',
    max_spread: null,
    risk_max_daily_trades: 1,
    risk_max_daily_loss: null,
    test_mode: false,
    ...overrides,
  };
}

type SimBookOrder = { strategyId?: string | null; positionId?: string | null };

/** Entry orders the simulator holds for a run (working, filled or cancelled). */
export function simEntryOrders(world: World, prefix: string): SimBookOrder[] {
  const book = world.sim.state.books.get(DEMO_ACCOUNT.id);
  return [...(book?.orders.values() ?? [])].filter((o) => o.strategyId?.startsWith(prefix));
}
