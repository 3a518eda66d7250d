/**
 * Risk Manager enforcement (issue #22) against the broker simulator: a breach cancels the pending
 * orders, closes the positions, pauses the bots, locks the account and tells the member once (a
 * 'risk' notification, e-mailed per their preferences); warn only warns; a restart mid-flatten closes each position once; broker errors are retried with
 * backoff; two instances never both flatten; the lock lasts to the next Toronto trading day.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createProcessMemory } from '../../src/context.ts';
import { alphaorbBots, notificationDeliveries, notifications, riskActions, riskEvents } from '../../src/db/schema/index.ts';
import { BrokerError } from '../../src/modules/broker/index.ts';
import { enforceAccount, enforceAll, enforcementBrokerFor, type EnforcementOptions } from '../../src/modules/risk/enforcement.ts';
import { botBody, botMember, createWorld, type World } from '../alphaorb/support.ts';
import { DAILY_LOSS_500 } from '../support/risk-rules.ts';
import { simTrading } from './sim-trading.ts';

// Wednesday 7 January 2026, 10:00 in Toronto (EST, UTC−5): NAS100 trades.
const START = '2026-01-07T15:00:00Z';
let world: World;

beforeAll(async () => {
  world = await createWorld(START);
});
afterAll(() => world.close());
afterEach(async () => {
  await fetch(`${world.sim.url}/__sim/prices`, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: '{}' });
  world.sim.setFaults({ serverErrorRate: 0 });
});


const { place, book, openPositions, workingOrders, closingOrders, pin, protectedMember, loseMoney } = simTrading(() => world);

/** The member's 'risk' notifications, their queued e-mails and the e-mails the worker sent. */
async function toldOf(member: { id: string; email: string }) {
  // The worker's delivery job, run twice as two cron ticks would.
  await world.t.runJobs('notifications.deliver');
  await world.t.runJobs('notifications.deliver');
  const [inApp, queued] = await Promise.all([
    world.t.ctx.db.select().from(notifications).where(and(eq(notifications.userId, member.id), eq(notifications.kind, 'risk'))),
    world.t.ctx.db.select().from(notificationDeliveries).where(and(eq(notificationDeliveries.userId, member.id), eq(notificationDeliveries.kind, 'risk'))),
  ]);
  return { inApp, queued, mails: world.t.mailer.sent.filter((m) => m.to === member.email) };
}

const lockOf = async (token: string, accountId: string) => {
  const res = await world.t.call('GET', `/api/risk/accounts/${accountId}/lock`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { locked: boolean; locked_until: string | null; rule: string | null; numbers: Record<string, unknown> | null } }>().data;
};

describe('a breach', () => {
  it('cancels pending orders, closes positions, pauses bots, locks the account and tells the member once', async () => {
    const { member, accountId } = await protectedMember();
    const bot = await world.t.call('POST', '/api/alphaorb/bots', { token: member.token, body: botBody(accountId) });
    expect(bot.statusCode, bot.body).toBe(201);
    // The first pass notes the start-of-day balance; nothing is broken.
    expect(await enforceAccount(world.t.ctx, accountId)).toMatchObject({ kind: 'checked', locked: false, breaches: [] });

    const positionId = await loseMoney(700);
    expect(workingOrders()).toHaveLength(1);
    const outcome = await enforceAccount(world.t.ctx, accountId);
    expect(outcome).toMatchObject({ kind: 'checked', locked: true, breaches: ['daily_loss'], actions: 3 });

    expect(openPositions()).toHaveLength(0);
    expect(closingOrders(positionId)).toHaveLength(1);
    expect(workingOrders()).toHaveLength(0);
    const [paused] = await world.t.ctx.db.select().from(alphaorbBots).where(eq(alphaorbBots.tradingAccountId, accountId));
    expect(paused!.enabled).toBe(false);

    const lock = await lockOf(member.token, accountId);
    // Locked until the next Toronto trading day: midnight of 8 January in Toronto.
    expect(lock).toMatchObject({ locked: true, rule: 'daily_loss', locked_until: '2026-01-08T05:00:00.000Z' });
    expect(Number(lock.numbers!.loss)).toBeGreaterThanOrEqual(500);
    expect(lock.numbers!.limit).toBe('500.00');

    const review = await world.t.call('GET', '/api/risk/review', { token: member.token });
    const [entry] = review.json<{ data: Array<{ id: number; kind: string; rule: string; actions: Array<{ kind: string; status: string }> }> }>().data;
    expect(entry).toMatchObject({ kind: 'breach', rule: 'daily_loss' });
    expect(entry!.actions.map((a) => [a.kind, a.status])).toEqual([
      ['cancel_order', 'done'],
      ['close_position', 'done'],
      ['pause_bots', 'done'],
    ]);

    // A second pass finds the account locked and flat: nothing new to tell.
    expect(await enforceAccount(world.t.ctx, accountId)).toMatchObject({ kind: 'checked', locked: true, breaches: [] });
    const told = await toldOf(member);
    expect(told.inApp).toHaveLength(1);
    expect(told.inApp[0]).toMatchObject({ title: 'SIM Demo 100K is locked by Risk Manager', eventKey: String(entry!.id), link: '/risk' });
    expect(told.inApp[0]!.body).toMatch(/Locked until January 8, 2026 at 12:00 AM EST\.$/);
    expect(told.queued).toHaveLength(1);
    expect(told.mails).toHaveLength(1);
    const [mail] = told.mails;
    expect(mail!.subject).toBe('SIM Demo 100K is locked by Risk Manager');
    // riskMail's words: the account, the rule with its numbers, the lock's end in the member's zone.
    expect(mail!.text).toMatch(/Your Risk Manager rules for SIM Demo 100K were broken: .*max daily loss of \$500\.00/);
    expect(mail!.text).toMatch(/locked until January 8, 2026 at 12:00 AM EST/);
    expect(mail!.text).toMatch(/Change it: .*\/account\/notifications/);
  });

  it("reaches a member who turned risk e-mails off in-app only", async () => {
    const { member, accountId } = await protectedMember();
    const off = await world.t.call('PUT', '/api/notifications/preferences', {
      token: member.token,
      body: { kinds: [{ kind: 'risk', in_app: true, email: false, push: false }], session_reminder_minutes: 15, quiet_hours_start: null, quiet_hours_end: null },
    });
    expect(off.statusCode, off.body).toBe(200);
    await enforceAccount(world.t.ctx, accountId);
    await loseMoney(700);
    expect(await enforceAccount(world.t.ctx, accountId)).toMatchObject({ locked: true, breaches: ['daily_loss'] });
    const told = await toldOf(member);
    expect(told.inApp.map((n) => n.title)).toEqual(['SIM Demo 100K is locked by Risk Manager']);
    expect(told.queued).toHaveLength(0);
    expect(told.mails).toHaveLength(0);
    const bell = await world.t.call('GET', '/api/notifications/unread-count', { token: member.token });
    expect(bell.json()).toEqual({ unread: 1 });
  });

  it('is recorded before anything is sent: each action is planned first', async () => {
    const { accountId } = await protectedMember();
    await enforceAccount(world.t.ctx, accountId);
    await loseMoney(700);
    const seen: string[] = [];
    await enforceAccount(world.t.ctx, accountId, {
      hooks: {
        beforeSend: async () => {
          const rows = await world.t.ctx.db.select().from(riskActions).where(eq(riskActions.tradingAccountId, accountId)).orderBy(asc(riskActions.id));
          seen.push(rows.map((r) => r.kind).join(','));
        },
      },
    });
    // At the first send every action of the breach is already written.
    expect(seen[0]).toBe('cancel_order,close_position,pause_bots');
  });
});

describe("today's fills", () => {
  it('are read for the max trades per day: a second trade today breaks a max of one', async () => {
    const { accountId } = await protectedMember({ ...DAILY_LOSS_500, max_daily_loss: null, max_trades_per_day: 1 });
    // Friday 9 January, 10:00 in Toronto: a trading day without the other tests' trades.
    const saved = world.clock.now;
    world.clock.now = Date.parse('2026-01-09T15:00:00Z');
    try {
      expect(await enforceAccount(world.t.ctx, accountId)).toMatchObject({ kind: 'checked', breaches: [] });
      await place({});
      expect(await enforceAccount(world.t.ctx, accountId)).toMatchObject({ kind: 'checked', locked: false, breaches: [] });
      await place({});
      expect(await enforceAccount(world.t.ctx, accountId)).toMatchObject({ kind: 'checked', locked: true, breaches: ['trades_per_day'] });
      expect(openPositions()).toHaveLength(0);
    } finally {
      world.clock.now = saved;
    }
  });
});

describe('warn only', () => {
  it('records one warning and tells it once, without closing anything or locking', async () => {
    const { member, accountId } = await protectedMember({ ...DAILY_LOSS_500, warn_only: true });
    await enforceAccount(world.t.ctx, accountId);
    await loseMoney(700);
    expect(await enforceAccount(world.t.ctx, accountId)).toMatchObject({ kind: 'checked', locked: false, warnings: ['daily_loss'] });
    expect(await enforceAccount(world.t.ctx, accountId)).toMatchObject({ kind: 'checked', warnings: [] });
    expect(openPositions()).toHaveLength(1);
    expect(workingOrders()).toHaveLength(1);
    expect((await lockOf(member.token, accountId)).locked).toBe(false);
    const events = await world.t.ctx.db.select().from(riskEvents).where(eq(riskEvents.tradingAccountId, accountId));
    expect(events.map((e) => e.kind)).toEqual(['warning']);
    const told = await toldOf(member);
    expect(told.inApp.map((n) => n.title)).toEqual(['Risk Manager warning on SIM Demo 100K']);
    expect(told.mails.map((m) => m.subject)).toEqual(['Risk Manager warning on SIM Demo 100K']);
    expect(told.mails[0]!.text).toMatch(/set to warn only, so nothing was closed/);
    // Leave the book flat for the next test.
    for (const position of openPositions()) book().positions.delete(position.id);
    for (const order of workingOrders()) order.status = 'Cancelled';
  });
});

describe('a restart mid-flatten', () => {
  it('resumes from the recorded actions and closes each position exactly once', async () => {
    const { accountId } = await protectedMember();
    await enforceAccount(world.t.ctx, accountId);
    await place({});
    await place({});
    const ids = openPositions().map((p) => p.id);
    await pin(Math.round(openPositions()[0]!.avgPrice - 400));
    // The process dies right after the first close reached the broker, before it wrote so.
    let crashed = false;
    await expect(
      enforceAccount(world.t.ctx, accountId, {
        owner: 'first-process',
        hooks: {
          afterSend: (action) => {
            if (action.kind === 'close_position' && !crashed) {
              crashed = true;
              throw new Error('killed');
            }
          },
        },
      }),
    ).resolves.toMatchObject({ kind: 'checked', locked: true });
    // What a killed process leaves: the action it was sending still marked sent.
    await world.t.ctx.db
      .update(riskActions)
      .set({ status: 'sent', nextAttemptAt: null, lastError: null })
      .where(and(eq(riskActions.tradingAccountId, accountId), eq(riskActions.status, 'failed')));
    const restarted = { ...world.t.ctx, memory: createProcessMemory() };
    await enforceAccount(restarted, accountId, { owner: 'second-process' });
    await enforceAccount(restarted, accountId, { owner: 'second-process' });

    expect(openPositions()).toHaveLength(0);
    for (const id of ids) expect(closingOrders(id)).toHaveLength(1);
    const actions = await world.t.ctx.db.select().from(riskActions).where(eq(riskActions.tradingAccountId, accountId));
    expect(actions.every((a) => a.status === 'done')).toBe(true);
  });
});

describe('broker errors', () => {
  it('retries a refused close with backoff and shows the failure meanwhile', async () => {
    const { member, accountId } = await protectedMember();
    await enforceAccount(world.t.ctx, accountId);
    const positionId = await loseMoney(700);
    let refusals = 2;
    const flaky: EnforcementOptions['brokerFor'] = (ctx, account) => {
      const real = enforcementBrokerFor(ctx, account)!;
      return {
        ...real,
        closePosition: async (id) => {
          if (refusals-- > 0) throw new BrokerError(refusals % 2 ? 'rate_limited' : 'unavailable', refusals % 2 ? 'Rate limit exceeded' : 'Service unavailable', { status: refusals % 2 ? 429 : 503 });
          return real.closePosition(id);
        },
      };
    };
    await enforceAccount(world.t.ctx, accountId, { brokerFor: flaky });
    expect(openPositions()).toHaveLength(1);
    const failed = async () =>
      (await world.t.call('GET', '/api/risk/review', { token: member.token }))
        .json<{ data: Array<{ actions: Array<{ kind: string; status: string; attempts: number; last_error: string | null }> }> }>()
        .data[0]!.actions.find((a) => a.kind === 'close_position')!;
    expect(await failed()).toMatchObject({ status: 'failed', attempts: 1, last_error: 'Rate limit exceeded' });
    expect((await lockOf(member.token, accountId)).locked).toBe(true);

    // Before the backoff ends nothing is sent again.
    await enforceAccount(world.t.ctx, accountId, { brokerFor: flaky });
    expect(refusals).toBe(1);
    world.clock.now += 3_000;
    await enforceAccount(world.t.ctx, accountId, { brokerFor: flaky });
    expect(await failed()).toMatchObject({ status: 'failed', attempts: 2, last_error: 'Service unavailable' });
    world.clock.now += 5_000;
    await enforceAccount(world.t.ctx, accountId, { brokerFor: flaky });
    expect(await failed()).toMatchObject({ status: 'done', attempts: 3, last_error: null });
    expect(openPositions()).toHaveLength(0);
    expect(closingOrders(positionId)).toHaveLength(1);
  });

  it('keeps the lock when the broker cannot be reached', async () => {
    const { member, accountId } = await protectedMember();
    await enforceAccount(world.t.ctx, accountId);
    await loseMoney(700);
    await enforceAccount(world.t.ctx, accountId);
    world.sim.setFaults({ serverErrorRate: 1 });
    expect(await enforceAccount(world.t.ctx, accountId)).toMatchObject({ kind: 'unreachable' });
    const lock = await world.t.call('GET', '/api/risk/locks', { token: member.token });
    expect(lock.json<{ data: Array<{ locked: boolean; last_error: string | null }> }>().data[0]).toMatchObject({
      locked: true,
      last_error: expect.stringMatching(/^TradeLocker did not answer/),
    });
  });
});

describe('two app instances', () => {
  it('never both flatten the same account', async () => {
    const { member, accountId } = await protectedMember();
    await enforceAccount(world.t.ctx, accountId);
    const positionId = await loseMoney(700);
    const second = { ...world.t.ctx, memory: createProcessMemory() };
    const during: unknown[] = [];
    // Both passes race for the lease; whichever wins and starts flattening asks the other
    // instance for a pass meanwhile, which must find the account leased (on PostgreSQL either
    // may win, so the question is asked from both sides).
    const pass = (ctx: typeof second, other: typeof second) =>
      enforceAccount(ctx, accountId, {
        hooks: {
          beforeSend: async () => {
            if (during.length === 0) during.push(await enforceAccount(other, accountId));
          },
        },
      });
    const [a, b] = await Promise.all([pass(world.t.ctx, second), pass(second, world.t.ctx)]);
    expect(during).toEqual([{ kind: 'busy' }]);
    expect([a, b].filter((o) => o?.kind === 'checked' && o.breaches.length > 0)).toHaveLength(1);
    expect(closingOrders(positionId)).toHaveLength(1);
    const events = await world.t.ctx.db.select().from(riskEvents).where(eq(riskEvents.tradingAccountId, accountId));
    expect(events).toHaveLength(1);
    expect((await toldOf(member)).mails).toHaveLength(1);
  });
});

describe('the lock', () => {
  it('lasts until the next Toronto trading day, flattening anything opened meanwhile', async () => {
    const { member, accountId } = await protectedMember();
    await enforceAccount(world.t.ctx, accountId);
    await loseMoney(700);
    await enforceAccount(world.t.ctx, accountId);
    await fetch(`${world.sim.url}/__sim/prices`, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: '{}' });

    // 23:59 in Toronto: still locked; a new trade is closed again.
    const saved = world.clock.now;
    world.clock.now = Date.parse('2026-01-08T04:59:00Z');
    const late = await place({});
    expect(await enforceAccount(world.t.ctx, accountId)).toMatchObject({ locked: true, breaches: ['locked'] });
    expect(openPositions()).toHaveLength(0);
    expect((await lockOf(member.token, accountId)).locked).toBe(true);
    const events = await world.t.ctx.db.select().from(riskEvents).where(eq(riskEvents.tradingAccountId, accountId));
    expect(events.map((e) => e.kind)).toEqual(['breach', 'relock']);
    expect(late).toBeTruthy();

    // Midnight in Toronto: a new trading day, unlocked; a new trade stands.
    world.clock.now = Date.parse('2026-01-08T05:00:30Z');
    expect((await lockOf(member.token, accountId)).locked).toBe(false);
    await place({});
    expect(await enforceAccount(world.t.ctx, accountId)).toMatchObject({ kind: 'checked', locked: false, breaches: [] });
    expect(openPositions()).toHaveLength(1);
    for (const position of openPositions()) book().positions.delete(position.id);
    world.clock.now = saved;
  });
});

describe('ownership', () => {
  it("another member cannot see an account's lock (404)", async () => {
    const { accountId } = await protectedMember();
    const stranger = await botMember(world);
    const res = await world.t.call('GET', `/api/risk/accounts/${accountId}/lock`, { token: stranger.token });
    expect(res.statusCode).toBe(404);
    const list = await world.t.call('GET', '/api/risk/locks', { token: stranger.token });
    expect(list.json<{ data: unknown[] }>().data).toEqual([]);
    const review = await world.t.call('GET', '/api/risk/review', { token: stranger.token });
    expect(review.json<{ data: unknown[] }>().data).toEqual([]);
  });
});

describe('a pass over every protected account', () => {
  it('checks several accounts at once, never more than its concurrency, and each of them', async () => {
    const mine = [(await protectedMember()).accountId, (await protectedMember()).accountId, (await protectedMember()).accountId];
    let inFlight = 0;
    let most = 0;
    const counted: EnforcementOptions['brokerFor'] = (ctx, account) => {
      const real = enforcementBrokerFor(ctx, account)!;
      return {
        ...real,
        accountState: async () => {
          inFlight++;
          most = Math.max(most, inFlight);
          try {
            // A broker round trip long enough for the other lane to start its account meanwhile.
            await new Promise((resolve) => setTimeout(resolve, 50));
            return await real.accountState();
          } finally {
            inFlight--;
          }
        },
      };
    };
    const outcomes = await enforceAll(world.t.ctx, { brokerFor: counted, concurrency: 2 });
    expect(mine.map((id) => outcomes[id]?.kind)).toEqual(['checked', 'checked', 'checked']);
    expect(most).toBe(2);
  });
});
