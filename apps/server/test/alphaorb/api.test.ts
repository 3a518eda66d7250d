import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_ACCOUNT } from '@th/broker-sim';
import { clientOrderIdFor } from '@th/domain';
import { alphaorbBotRuns } from '../../src/db/schema/index.ts';
import { createRunner } from '../../src/modules/alphaorb/runner.ts';
import { createMember } from '../support/members.ts';
import { botBody, botMember, createWorld, linkSimAccount, simEntryOrders, type World } from './support.ts';

// Thursday 2026-01-08 09:00 in New York.
let world: World;
let member: Awaited<ReturnType<typeof botMember>>;
let accountId: string;

beforeAll(async () => {
  world = await createWorld('2026-01-08T14:00:00Z');
  member = await botMember(world);
  accountId = (await linkSimAccount(world, member.id)).id;
});
afterAll(() => world.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = member.token) =>
  world.t.call(method, url, { token, ...(body !== undefined && { body }) });

async function createBot(overrides: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/alphaorb/bots', botBody(accountId, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ bot: { id: string; slug: string; label: string } }>().bot;
}

describe('AlphaORB access', () => {
  it('[T4] answers 403 with the permission message to a member without alphaorb.manage', async () => {
    const basic = await botMember(world, []);
    for (const url of ['/api/alphaorb/overview', '/api/alphaorb/accounts']) {
      const res = await call('GET', url, undefined, basic.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        "You don't have permission to access this feature. Contact an administrator to inquire about access.",
      );
    }
    expect((await call('POST', '/api/alphaorb/bots', botBody(accountId), basic.token)).statusCode).toBe(403);
  });

  it('[T4] needs a signed-in member with an active membership; the permission may come through a role', async () => {
    expect((await world.t.call('GET', '/api/alphaorb/overview')).statusCode).toBe(401);
    const suspended = await createMember(world.t.ctx, { permissions: ['alphaorb.manage'], status: 'suspended' });
    const res = await call('GET', '/api/alphaorb/overview', undefined, await world.t.login(suspended.email, suspended.password));
    expect(res.statusCode).toBe(403);
    const admin = await createMember(world.t.ctx, { roles: ['admin'] });
    expect((await call('GET', '/api/alphaorb/overview', undefined, await world.t.login(admin.email, admin.password))).statusCode).toBe(200);
  });

  it("answers 404 for another member's bot, exactly like a missing one", async () => {
    const bot = await createBot();
    const other = await botMember(world);
    for (const [method, url] of [
      ['GET', `/api/alphaorb/bots/${bot.id}`],
      ['GET', `/api/alphaorb/bots/${bot.id}/monitor`],
      ['POST', `/api/alphaorb/bots/${bot.id}/pause`],
      ['DELETE', `/api/alphaorb/bots/${bot.id}`],
    ] as const) {
      const res = await call(method, url, undefined, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Bot not found.');
    }
    expect((await call('GET', '/api/alphaorb/bots/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // Nor can the other member put a bot on this member's account.
    const res = await call('POST', '/api/alphaorb/bots', botBody(accountId), other.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.trading_account_id).toEqual(['Select a trading account for this bot.']);
  });
});

describe('creating and editing bots', () => {
  it('[T29] answers 422 with the spec messages for a missing label, account and instrument', async () => {
    const res = await call('POST', '/api/alphaorb/bots', { label: '  ', trading_account_id: '', instrument_id: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      label: ['Please provide a label for the bot.'],
      trading_account_id: ['Select a trading account for this bot.'],
      instrument_id: ['Select an instrument for this bot.'],
    });
    const unknown = await call('POST', '/api/alphaorb/bots', botBody(accountId, { instrument_id: '999999' }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.instrument_id).toEqual(['Select an instrument for this bot.']);
  });

  it('[T30] applies the create defaults and lists the bot with its upcoming run', async () => {
    const body = { label: 'Defaults', trading_account_id: accountId, instrument_id: '1001' };
    const res = await call('POST', '/api/alphaorb/bots', body);
    expect(res.statusCode, res.body).toBe(201);
    const { bot, message } = res.json();
    expect(message).toBe('Bot created.');
    expect(bot).toMatchObject({ orb_minutes: 5, orb_start_local: '09:30', lot_size: 1, order_type: 'limit', max_spread: null, risk_max_daily_trades: 1 });
    expect(bot.slug).toMatch(/^defaults~/);
    const overview = (await call('GET', '/api/alphaorb/overview?range=week')).json();
    const listed = overview.bots.find((b: { id: string }) => b.id === bot.id);
    expect(listed.upcoming_run).toMatchObject({ trading_day: '2026-01-08', state: 'idle', timezone: 'America/New_York' });
    expect(overview.summary).toMatchObject({ totalPositions: 0, winRate: 0, currency: 'USD' });
    // The account tile counts the bots trading the account.
    const bots = (await call('GET', '/api/alphaorb/overview?range=week')).json().bots.length;
    const profile = (await call('GET', '/api/me')).json().data;
    expect(profile.linked_accounts.find((a: { id: string }) => a.id === accountId).alphaorb_bots_count).toBe(bots);
    expect(bots).toBeGreaterThan(0);
  });

  it('[T123] keeps bot labels to 191 characters', async () => {
    const longest = 'L'.repeat(191);
    expect((await createBot({ label: longest })).label).toBe(longest);
    const res = await call('POST', '/api/alphaorb/bots', botBody(accountId, { label: 'L'.repeat(192) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.label).toEqual(['Bot labels are limited to 191 characters.']);
    const bot = await createBot();
    const update = await call('PUT', `/api/alphaorb/bots/${bot.id}`, botBody(accountId, { label: 'L'.repeat(192) }));
    expect(update.statusCode).toBe(422);
  });

  it('[T23] describes the monitor with the spec fields, in New York time by default', async () => {
    const bot = await createBot({ label: 'Monitor fields' });
    const res = await call('GET', `/api/alphaorb/bots/${bot.id}/monitor`);
    expect(res.statusCode, res.body).toBe(200);
    const { bot: info, monitor } = res.json();
    expect(info).toMatchObject({
      id: bot.id,
      label: 'Monitor fields',
      instrument: 'NAS100',
      timezone: 'America/New_York',
      orbMinutes: 5,
      orbStartLocal: '09:30',
      status: expect.any(String),
      runDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
      orderType: 'market',
      lotSize: 1,
      tradingAccountLabel: expect.any(String),
      lastRunAt: null,
    });
    const run = monitor.runs.upcoming;
    expect(run).toMatchObject({
      id: expect.any(String),
      state: 'idle',
      stateLabel: expect.any(String),
      stateTone: expect.any(String),
      tradingDay: '2026-01-08',
      window: { timezone: 'America/New_York', from: '09:30', to: '09:35', from12: '9:30 AM', to12: '9:35 AM' },
      metrics: { orbHigh: null, orbLow: null, entryPrice: null, stopPrice: null, targetPrice: null, filledQty: null },
      completedAt: null,
    });
    expect(run.steps.length).toBeGreaterThan(0);
    for (const step of run.steps) expect(Object.keys(step).sort()).toEqual(['index', 'key', 'label', 'status']);
    expect(Object.keys(monitor).sort()).toEqual(
      expect.arrayContaining(['countdown', 'rangeCountdown', 'monitoringMessage', 'orderStatus', 'quote', 'quoteStale', 'activePosition', 'closedTrade', 'events', 'permissions']),
    );
    expect(monitor.countdown).toEqual({ formatted: expect.any(String), label: expect.any(String) });
    expect(Object.keys(monitor.permissions).sort()).toEqual(['canCancelRun', 'canHardStop', 'canPauseBot', 'canResumeBot', 'canRunToday']);
  });

  it('lists accounts with instruments, and instruments per account', async () => {
    const accounts = (await call('GET', '/api/alphaorb/accounts?include=instruments')).json().accounts;
    expect(accounts[0]).toMatchObject({ id: accountId, label: DEMO_ACCOUNT.name, platform: 'TradeLocker', type: 'demo' });
    expect(accounts[0].instruments[0]).toMatchObject({ id: '1001', symbol: 'NAS100' });
    const res = await call('GET', `/api/alphaorb/accounts/${accountId}/instruments?refresh=1`);
    expect(res.json().instruments.map((i: { symbol: string }) => i.symbol)).toContain('XAUUSD');
  });

  it('refreshes an account\'s instruments from the broker at most once a minute, whatever the client asks', async () => {
    expect((await call('GET', `/api/alphaorb/accounts/${accountId}/instruments?refresh=1`)).statusCode).toBe(200);
    // The broker now fails every call: a second refresh within the minute must not reach it.
    world.sim.setFaults({ serverErrorRate: 1 });
    try {
      const again = await call('GET', `/api/alphaorb/accounts/${accountId}/instruments?refresh=1`);
      expect(again.statusCode).toBe(200);
      expect(again.json().instruments.map((i: { symbol: string }) => i.symbol)).toContain('NAS100');
    } finally {
      world.sim.setFaults({ serverErrorRate: 0 });
    }
  });

  it('saves settings; the idle run keeps the armed settings', async () => {
    const bot = await createBot();
    const res = await call('PUT', `/api/alphaorb/bots/${bot.id}`, botBody(accountId, { label: 'Renamed', orb_minutes: 15, orb_start_local: '10:00' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Settings saved.', bot: { label: 'Renamed', orb_minutes: 15, orb_start_local: '10:00' } });
    const detail = (await call('GET', `/api/alphaorb/bots/${bot.id}`)).json();
    expect(detail.weekday_options).toMatchObject({ mon: 'Mon', sun: 'Sun' });
    const monitor = (await call('GET', `/api/alphaorb/bots/${bot.id}/monitor`)).json().monitor;
    expect(monitor.runs.upcoming.window).toMatchObject({ from: '09:30', to: '09:35' });
  });
});

describe('controls', () => {
  it('pause skips the upcoming run, resume clears it and plans a fresh one', async () => {
    const bot = await createBot();
    const paused = await call('POST', `/api/alphaorb/bots/${bot.id}/pause`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({
      message: 'Bot paused. Upcoming runs will not start until you resume it.',
      bot: { enabled: false },
      monitor: { permissions: { canPauseBot: false, canResumeBot: true, canHardStop: false } },
    });
    const before = paused.json().monitor.runs.upcoming.id;
    const resumed = (await call('POST', `/api/alphaorb/bots/${bot.id}/resume`)).json();
    expect(resumed).toMatchObject({ message: 'Bot resumed.', bot: { enabled: true }, monitor: { permissions: { canPauseBot: true } } });
    expect(resumed.monitor.runs.upcoming.id).not.toBe(before);
    expect(resumed.monitor.runs.upcoming.state).toBe('idle');
  });

  it('hard stop closes the open position at the broker and refuses deletion until settled', async () => {
    // The earlier tests' bots go, so this one trades the account alone and each pass is short.
    const listed = (await call('GET', '/api/alphaorb/overview?range=week')).json().bots as { id: string }[];
    for (const { id } of listed) expect((await call('DELETE', `/api/alphaorb/bots/${id}`)).statusCode).toBe(200);
    const bot = await createBot({ label: 'Hard stop me' });
    const runner = createRunner(world.t.ctx);
    // A pass arms the run at 09:20; from the opening range on, two passes a minute until the fill.
    const armed = Date.parse('2026-01-08T14:20:05Z');
    const next = (at: number) => (at === armed ? armed + 10 * 60_000 : at + 30_000);
    let state = '';
    for (let at = armed; at < armed + 120 * 60_000 && state !== 'filled'; at = next(at)) {
      world.clock.now = at;
      await runner.pass();
      const [run] = await world.t.ctx.db.select().from(alphaorbBotRuns).where(eq(alphaorbBotRuns.botId, bot.id));
      state = run?.state ?? '';
    }
    expect(state).toBe('filled');
    const shown = await call('GET', `/api/alphaorb/bots/${bot.id}/monitor`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().bot.status).toBe('filled');
    const monitor = shown.json().monitor;
    expect(monitor.permissions.canHardStop).toBe(true);
    expect(monitor.activePosition).toMatchObject({ quantity: 1 });

    const refused = await call('DELETE', `/api/alphaorb/bots/${bot.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/every run must be hard stopped with no open trades/);

    const stopped = await call('POST', `/api/alphaorb/bots/${bot.id}/hard-stop`, {});
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().monitor.runs.current.state).toBe('stopped');
    const runId = stopped.json().monitor.runs.current.id;
    const entry = simEntryOrders(world, clientOrderIdFor(runId, 1, 1));
    expect(entry).toHaveLength(1);
    const book = world.sim.state.books.get(DEMO_ACCOUNT.id)!;
    expect([...book.positions.values()].filter((p) => p.id === entry[0]!.positionId && p.qty > 0)).toHaveLength(0);

    world.clock.now += 30_000;
    await runner.pass();
    const afterRes = await call('GET', `/api/alphaorb/bots/${bot.id}/monitor`);
    expect(afterRes.statusCode, afterRes.body).toBe(200);
    const after = afterRes.json().monitor;
    expect(after.closedTrade).toMatchObject({ statusLabel: 'Closed manually' });
    expect((await call('DELETE', `/api/alphaorb/bots/${bot.id}`)).json()).toEqual({ message: 'Bot deleted.' });
    await runner.stop();
  }, 60_000);
});
