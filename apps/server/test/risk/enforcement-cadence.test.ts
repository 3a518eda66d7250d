/**
 * The worker's two cadences (issue #22: a breach flat ≤ 3 s after the price that breaches): a
 * protected account holding a position or a working order is checked every second, so a breach
 * is flattened by the next one-second tick; an account with nothing open stays on the five-second
 * cadence. Two app instances running the loop side by side still flatten it once. The loop's
 * timers are faked and stepped (only setInterval: the database and the simulator run for real),
 * so the test counts ticks, not wall time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createProcessMemory } from '../../src/context.ts';
import { riskAccountStates, riskEvents } from '../../src/db/schema/index.ts';
import { ENFORCE_EVERY_MS, ENFORCE_EXPOSED_EVERY_MS, startEnforcementLoop, type EnforcementPass } from '../../src/modules/risk/jobs.ts';
import { createWorld, type World } from '../alphaorb/support.ts';
import { simTrading } from './sim-trading.ts';

// Wednesday 7 January 2026, 10:00 in Toronto (EST, UTC−5): NAS100 trades.
let world: World;
const { place, openPositions, workingOrders, closingOrders, pin, protectedMember } = simTrading(() => world);

beforeAll(async () => {
  world = await createWorld('2026-01-07T15:00:00Z');
});
afterAll(() => world.close());
afterEach(() => vi.useRealTimers());

const stateOf = async (accountId: string) =>
  (await world.t.ctx.db.select().from(riskAccountStates).where(eq(riskAccountStates.tradingAccountId, accountId)))[0]!;

describe('the enforcement loop', () => {
  it('checks an account holding a position every second and flattens its breach on the next tick, once across two instances', async () => {
    expect(ENFORCE_EXPOSED_EVERY_MS).toBeLessThanOrEqual(1_000);
    const { accountId } = await protectedMember();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const passes: EnforcementPass[] = [];
    const onPass = (pass: EnforcementPass) => passes.push(pass);
    const first = startEnforcementLoop(world.t.ctx, { onPass });
    const second = startEnforcementLoop({ ...world.t.ctx, memory: createProcessMemory() }, { onPass });
    const settled = () => Promise.all([first.settled(), second.settled()]);
    const tick = async (ms: number) => {
      passes.length = 0;
      vi.advanceTimersByTime(ms);
      await settled();
    };
    const checkedBy = (cadence: EnforcementPass['cadence']) =>
      passes.filter((p) => p.cadence === cadence && p.outcomes[accountId]?.kind === 'checked').map((p) => p.outcomes[accountId]);
    try {
      // The loops' first passes note the start-of-day balance: nothing open, the slow cadence.
      await settled();
      expect(await stateOf(accountId)).toMatchObject({ exposed: false, startBalance: expect.any(String) });

      // A trade opened: the one-second ticks leave the idle account alone until the five-second
      // pass sees the position and moves it to the fast cadence.
      await place({});
      await tick(ENFORCE_EXPOSED_EVERY_MS);
      expect(checkedBy('exposed')).toEqual([]);
      await tick(ENFORCE_EVERY_MS - ENFORCE_EXPOSED_EVERY_MS);
      expect(checkedBy('idle')).toHaveLength(1);
      expect((await stateOf(accountId)).exposed).toBe(true);
      await tick(ENFORCE_EXPOSED_EVERY_MS);
      // Each instance's tick may check it in turn (the lease is held only during a check).
      const quiet = checkedBy('exposed');
      expect(quiet.length).toBeGreaterThanOrEqual(1);
      for (const outcome of quiet) expect(outcome).toMatchObject({ breaches: [], locked: false });

      // The price breaks the max daily loss: the next one-second tick flattens and locks.
      const [position] = openPositions();
      await pin(Math.round(position!.avgPrice - 700));
      await tick(ENFORCE_EXPOSED_EVERY_MS);
      const flattened = checkedBy('exposed').filter((outcome) => outcome && 'breaches' in outcome && outcome.breaches.length > 0);
      expect(flattened).toEqual([expect.objectContaining({ breaches: ['daily_loss'], locked: true })]);
      expect(openPositions()).toHaveLength(0);
      expect(workingOrders()).toHaveLength(0);
      expect(closingOrders(position!.id)).toHaveLength(1);
      expect((await stateOf(accountId)).lockedUntil).not.toBeNull();
      const events = await world.t.ctx.db.select().from(riskEvents).where(eq(riskEvents.tradingAccountId, accountId));
      expect(events.map((e) => e.kind)).toEqual(['breach']);

      // Flat again: one more fast check sees it so, then the account is back on the slow cadence.
      await tick(ENFORCE_EXPOSED_EVERY_MS);
      expect((await stateOf(accountId)).exposed).toBe(false);
      await tick(ENFORCE_EXPOSED_EVERY_MS);
      expect(checkedBy('exposed')).toEqual([]);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      await fetch(`${world.sim.url}/__sim/prices`, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: '{}' });
    }
  });
});
