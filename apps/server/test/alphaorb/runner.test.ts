import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { clientOrderIdFor, isSettled, type OrbRunState } from '@th/domain';
import { alphaorbBotRunEvents, alphaorbBotRuns } from '../../src/db/schema/index.ts';
import { createRunner, type Runner } from '../../src/modules/alphaorb/runner.ts';
import { runStateOf } from '../../src/modules/alphaorb/runs.ts';
import type { RunnerHooks } from '../../src/modules/alphaorb/drive.ts';
import { listBotTrades } from '../../src/modules/trades/index.ts';
import { botBody, botMember, createWorld, linkSimAccount, simEntryOrders, type World } from './support.ts';

// Monday 2026-01-05 08:50 in New York (EST, UTC−5): the first run arms at 09:20.
let world: World;
let member: Awaited<ReturnType<typeof botMember>>;
let accountId: string;

beforeAll(async () => {
  world = await createWorld('2026-01-05T13:50:00Z');
  member = await botMember(world);
  accountId = (await linkSimAccount(world, member.id)).id;
});
afterAll(() => world.close());

async function createBot(overrides: Record<string, unknown> = {}) {
  const res = await world.t.call('POST', '/api/alphaorb/bots', { token: member.token, body: botBody(accountId, overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ bot: { id: string } }>().bot.id;
}

async function runsOf(botId: string) {
  const rows = await world.t.ctx.db.select().from(alphaorbBotRuns).where(eq(alphaorbBotRuns.botId, botId));
  return rows.sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime());
}

type DayOptions = {
  /** Replaces the runner with a new one (a restarted process) whenever the run changes state. */
  crashOnEveryState?: boolean;
  hooks?: RunnerHooks;
};

const SECOND = 1000;
const MINUTE = 60_000;

async function dayRun(botId: string, day: string) {
  const [run] = await world.t.ctx.db
    .select()
    .from(alphaorbBotRuns)
    .where(and(eq(alphaorbBotRuns.botId, botId), eq(alphaorbBotRuns.tradingDay, day)));
  return run;
}

/**
 * When the next pass happens. The worker polls every few seconds, but between the instants
 * that matter a pass changes nothing, so the clock skips there: to the arming, to the opening
 * range, then two passes a minute while the range is built, a breakout is awaited and the entry
 * is worked (each closed bar is seen once, as live), then every few minutes while the broker's
 * stop and target hold the position (the simulator fills them along its price path in between).
 */
function nextPassAt(now: number, state: OrbRunState, end: number): number {
  const w = state.window;
  switch (state.state) {
    case 'idle':
      return now < w.armAt ? w.armAt + 5 * SECOND : now + 30 * SECOND;
    case 'armed':
      return now < w.orbStart ? w.orbStart + 5 * SECOND : now + 30 * SECOND;
    case 'filled':
      return now + 5 * MINUTE;
    default:
      return isSettled(state) ? end : now + 30 * SECOND;
  }
}

/**
 * Plays a trading day from before the arming until 16:05 local through the real runner. A
 * crash drops the runner; the new one takes over once the old lease expires.
 */
async function playDay(botId: string, day: string, options: DayOptions = {}) {
  // A restarted process runs the same code: the hooks stay (each one crashes only once).
  const restart = () => createRunner(world.t.ctx, { hooks: options.hooks ?? {} });
  let runner: Runner = restart();
  const seen: string[] = [];
  const end = Date.parse(`${day}T21:05:00Z`);
  world.clock.now = Date.parse(`${day}T14:15:05Z`);
  for (;;) {
    try {
      await runner.pass();
    } catch {
      runner = restart(); // the process died mid-pass
    }
    const run = await dayRun(botId, day);
    if (run && seen.at(-1) !== run.state) {
      seen.push(run.state);
      if (options.crashOnEveryState) runner = restart();
    }
    if (world.clock.now >= end) break;
    const next = run ? nextPassAt(world.clock.now, runStateOf(run), end) : world.clock.now + 30 * SECOND;
    world.clock.now = Math.min(next, end);
  }
  return seen;
}

describe('AlphaORB runner against the simulator', () => {
  it('takes a full day from idle to a closed trade recorded in the journal', async () => {
    const botId = await createBot();
    const [upcoming] = await runsOf(botId);
    expect(upcoming).toMatchObject({ tradingDay: '2026-01-05', state: 'idle' });

    const states = await playDay(botId, '2026-01-05');
    expect(states.slice(0, 3)).toEqual(['idle', 'armed', 'at_orb']);
    expect(states).toContain('order_sent');
    expect(states.at(-1)).toBe('closed');

    const run = (await runsOf(botId)).find((r) => r.tradingDay === '2026-01-05')!;
    const state = run.engine as unknown as OrbRunState;
    expect(simEntryOrders(world, clientOrderIdFor(run.id, 1, 1))).toHaveLength(1);
    const trades = await listBotTrades(world.t.ctx.db, { userId: member.id, botId });
    expect(trades).toHaveLength(1);
    const trade = trades[0]!;
    expect(trade).toMatchObject({ run_id: run.id, orb_start: '09:30', orb_range_minutes: 5, instrument: 'NAS100' });
    expect(Number(trade.pnl)).toBeCloseTo(state.runPnl, 2);
    expect(trade.win_loss).toBe(Number(trade.pnl) > 0 ? 'win' : Number(trade.pnl) < 0 ? 'loss' : 'flat');
    expect(Number(trade.risk_amount)).toBeGreaterThan(0);
    // The exit is the broker's closing fill (stop, target or session close), not the entry.
    expect(Number(trade.exit_price)).not.toBe(Number(trade.entry_price));
    expect(trade.stop_price).not.toBeNull();
    // The stop sat on the far side of the opening range.
    if (trade.side === 'buy') expect(Number(trade.stop_price)).toBeLessThanOrEqual(state.orbLow!);
    else expect(Number(trade.stop_price)).toBeGreaterThanOrEqual(state.orbHigh!);

    const events = await world.t.ctx.db.select().from(alphaorbBotRunEvents).where(eq(alphaorbBotRunEvents.runId, run.id));
    expect(events.map((e) => e.message)).toEqual(expect.arrayContaining([expect.stringMatching(/^Opening range 09:30–09:35 set/)]));
    // The next run day is planned as soon as this one is settled.
    expect((await runsOf(botId)).at(-1)).toMatchObject({ tradingDay: '2026-01-06', state: 'idle' });
    // Paused from here on, so the next test's bot trades the account alone.
    expect((await world.t.call('POST', `/api/alphaorb/bots/${botId}/pause`, { token: member.token })).statusCode).toBe(200);
  }, 60_000);

  it('resumes after a restart at every state, and after a crash around the send, with exactly one entry order', async () => {
    // Tuesday: crash right after the order row is written, before it reaches the broker.
    let crashedBefore = false;
    const beforeSend: RunnerHooks = {
      beforeSend: () => {
        if (crashedBefore) return;
        crashedBefore = true;
        throw new Error('process killed before sending');
      },
    };
    const botId = (await createBotOnce()).id;
    const tuesday = await playDay(botId, '2026-01-06', { crashOnEveryState: true, hooks: beforeSend });
    expect(crashedBefore).toBe(true);
    // A fresh process took over at every state the run went through.
    expect(tuesday).toEqual(['idle', 'armed', 'at_orb', 'monitoring', 'order_sent', 'filled', 'closed']);
    const tueRun = (await runsOf(botId)).find((r) => r.tradingDay === '2026-01-06')!;
    expect(simEntryOrders(world, clientOrderIdFor(tueRun.id, 1, 1))).toHaveLength(1);

    // Wednesday: crash after the broker took the order, before its id was stored.
    let crashedAfter = false;
    const afterSend: RunnerHooks = {
      afterSend: () => {
        if (crashedAfter) return;
        crashedAfter = true;
        throw new Error('process killed after sending');
      },
    };
    const wednesday = await playDay(botId, '2026-01-07', { crashOnEveryState: true, hooks: afterSend });
    expect(crashedAfter).toBe(true);
    expect(wednesday.at(-1)).toBe('closed');
    const wedRun = (await runsOf(botId)).find((r) => r.tradingDay === '2026-01-07')!;
    expect(simEntryOrders(world, clientOrderIdFor(wedRun.id, 1, 1))).toHaveLength(1);

    const trades = await listBotTrades(world.t.ctx.db, { userId: member.id, botId });
    expect(trades.map((t) => t.run_id).sort()).toEqual([tueRun.id, wedRun.id].sort());
  }, 120_000);
});

let restartBot: { id: string } | null = null;
/** The restart bot is created on Monday after the close so its first run is Tuesday. */
async function createBotOnce() {
  if (!restartBot) restartBot = { id: await createBot({ label: 'Restart-safe bot' }) };
  return restartBot;
}
