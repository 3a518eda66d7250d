import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientOrderIdFor } from '@th/domain';
import { alphaorbBotOrders, alphaorbBotRuns } from '../../src/db/schema/index.ts';
import { createRunner, type Runner } from '../../src/modules/alphaorb/runner.ts';
import { listBotTrades } from '../../src/modules/trades/index.ts';
import { startBrokerSim } from '@th/broker-sim';
import {
  botBody,
  botMember,
  linkSimAccount,
  simEntryOrders,
  type World,
} from '../alphaorb/support.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * An AlphaORB run while TradeLocker errors, stalls and swallows answers (a hang after the
 * broker acted is the dangerous case: the order may be live although the send timed out),
 * and while the process restarts. The broker must end up with exactly one entry order.
 */
// Monday 2026-01-05 09:10 in New York: the run arms at 09:20, the range is 09:30–09:35.
let world: World;
let member: Awaited<ReturnType<typeof botMember>>;
let accountId: string;

/** The AlphaORB test world with a short broker timeout, so a swallowed answer costs little. */
async function createWorld(start: string): Promise<World> {
  const clock = { now: Date.parse(start) };
  const sim = await startBrokerSim({ now: () => clock.now });
  const t = await createTestApp({
    now: () => new Date(clock.now),
    env: {
      BROKER_DEMO_URL: sim.url,
      BROKER_LIVE_URL: sim.url,
      BROKER_RETRY_BASE_MS: '0',
      BROKER_TIMEOUT_MS: '200',
    },
  });
  return { t, sim, clock, close: async () => (await t.close(), await sim.close()) };
}

beforeAll(async () => {
  world = await createWorld('2026-01-05T14:10:00Z');
  member = await botMember(world);
  accountId = (await linkSimAccount(world, member.id)).id;
});
afterAll(() => world.close());

const runOf = async (botId: string) =>
  (await world.t.ctx.db.select().from(alphaorbBotRuns).where(eq(alphaorbBotRuns.botId, botId)))[0]!;

describe('AlphaORB run under broker faults and restarts', () => {
  it('places exactly one entry order and records one trade', async () => {
    const created = await world.t.call('POST', '/api/alphaorb/bots', {
      token: member.token,
      body: botBody(accountId, { label: 'Faulty day' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const botId = created.json<{ bot: { id: string } }>().bot.id;

    let runner: Runner = createRunner(world.t.ctx);
    const restart = async () => {
      // A killed process never hands its lease back: the next one waits for it to expire.
      runner = createRunner(world.t.ctx);
    };
    const states: string[] = [];
    const passAt = async (at: number) => {
      world.clock.now = at;
      try {
        await runner.pass();
      } catch {
        await restart();
      }
      const { state } = await runOf(botId);
      if (states.at(-1) !== state) states.push(state);
    };

    // 09:15–09:55 with a misbehaving broker and a process that dies every ten minutes.
    world.sim.setFaults({
      serverErrorRate: 0.15,
      brokerErrorRate: 0.1,
      hangRate: 0.08,
      latencyMs: 5,
    });
    const start = Date.parse('2026-01-05T14:15:00Z');
    try {
      for (let minute = 0; minute < 40; minute++) {
        for (const second of [5_000, 35_000]) await passAt(start + minute * 60_000 + second);
        if (minute % 10 === 9) {
          await restart();
          world.clock.now += 91_000; // the dead owner's lease runs out
        }
      }
    } finally {
      world.sim.setFaults({ serverErrorRate: 0, brokerErrorRate: 0, hangRate: 0, latencyMs: 0 });
    }
    expect(states).toContain('armed');

    // A healthy broker for the rest of the day, after one more restart.
    await restart();
    for (
      let at = Date.parse('2026-01-05T15:00:00Z');
      at <= Date.parse('2026-01-05T21:05:00Z');
      at += 5 * 60_000
    ) {
      await passAt(at);
    }

    const run = await runOf(botId);
    // The seeded day breaks out of its range: the entry went out while the faults were on.
    expect(states).toEqual(expect.arrayContaining(['at_orb', 'order_sent']));
    expect(['closed', 'stopped']).toContain(run.state);
    expect(simEntryOrders(world, clientOrderIdFor(run.id, 1, 1))).toHaveLength(1);
    const rows = await world.t.ctx.db
      .select()
      .from(alphaorbBotOrders)
      .where(eq(alphaorbBotOrders.runId, run.id));
    expect(new Set(rows.map((r) => r.clientOrderId)).size).toBe(rows.length);
    expect(await listBotTrades(world.t.ctx.db, { userId: member.id, botId })).toHaveLength(1);
  }, 58_000);
});
