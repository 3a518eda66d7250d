/**
 * The reads a member repeats all day (the dashboard's live sessions, the AlphaORB overview,
 * levels, market events, courses) answer from memory while what they are built from is
 * unchanged. Two app instances with their own memory run over one database, as in production:
 * whatever is written through one (or by a job, straight to the database) must show at once
 * through the other, which has the old answer in memory. Time-dependent parts must follow the
 * clock without any write. And no member ever gets another member's answer.
 */
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberAnswer, RevisionedAnswers } from '../../src/lib/revisioned-answers.ts';
import { alphaorbBotOrders, alphaorbBotRunEvents, alphaorbBotRuns, alphaorbBots, courseModules, liveSessions, marketEvents, tradeRevisions, tradingAccounts } from '../../src/db/schema/index.ts';
import { saveCourse, saveLesson } from '../../src/modules/courses/authoring.ts';
import { upsertLevels } from '../../src/modules/levels/service.ts';
import { importMarketEvents } from '../../src/modules/market-events/importer.ts';
import { SAMPLE_WEEK_PATH } from '../../src/modules/market-events/sample-week.ts';
import { createUpcomingRun } from '../../src/modules/alphaorb/runs.ts';
import { recordBotTrade } from '../../src/modules/trades/index.ts';
import { addReplay, createSession } from '../live-sessions/support.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, secondInstance, type TestApp } from '../support/test-app.ts';
import { linkAccount } from '../trades/fixtures.ts';

// Wednesday of the market events' sample week, 08:00 in New York.
const clock = { now: new Date('2025-03-05T13:00:00Z') };

let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
let member: { id: string };
let token: string;
let strangerToken: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock.now });
  other = await secondInstance(t);
  const created = await createMember(t.ctx, { permissions: ['alphaorb.manage'] });
  member = created;
  token = await t.login(created.email, created.password);
  const stranger = await createMember(t.ctx, { permissions: ['alphaorb.manage'] });
  strangerToken = await t.login(stranger.email, stranger.password);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Client = Pick<TestApp, 'call'>;
async function read<T>(client: Client, url: string, as = token): Promise<T> {
  const res = await client.call('GET', url, { token: as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describe('levels', () => {
  const levels = async (client: Client) =>
    (await read<{ data: { instrument: string; session: string; high: number }[] }>(client, '/api/instrument-levels')).data;
  const london = (high: number) => ({ session: 'London' as const, high, low: high - 50, highAt: Date.parse('2025-03-04T08:00:00Z'), lowAt: Date.parse('2025-03-04T09:00:00Z') });

  it('show a refresh written by the job at once on every instance', async () => {
    await upsertLevels(t.ctx.db, 'NAS100', '2025-03-04', [london(20_100)], clock.now);
    expect((await levels(t))[0]).toMatchObject({ instrument: 'NAS100', session: 'London', high: 20_100 });
    expect(await levels(other)).toEqual(await levels(t));

    await upsertLevels(t.ctx.db, 'NAS100', '2025-03-04', [london(20_250)], clock.now);
    expect((await levels(t))[0]!.high).toBe(20_250);
    await upsertLevels(t.ctx.db, 'US30', '2025-03-05', [london(43_000)], clock.now);
    expect((await levels(other)).map((l) => l.instrument)).toEqual(['US30', 'NAS100']);
  });
});

describe('market events', () => {
  const titles = async (client: Client, scope = 'high') =>
    (await read<{ data: { title: string; actual: string | null }[] }>(client, `/api/market-events?scope=${scope}`)).data;

  it("show an import's changes at once on every instance, and a new week once it starts", async () => {
    await importMarketEvents(t.ctx, 'sample', readFileSync(SAMPLE_WEEK_PATH, 'utf8'));
    const high = await titles(t);
    expect(high.length).toBeGreaterThan(0);
    expect(await titles(other)).toEqual(high);
    const all = await titles(other, 'all');
    expect(all.length).toBeGreaterThan(high.length);

    // The importer writing an actual figure (straight to the table, as the job does).
    await t.ctx.db.update(marketEvents).set({ actual: '275K' }).where(eq(marketEvents.title, high[0]!.title));
    expect((await titles(other))[0]).toMatchObject({ title: high[0]!.title, actual: '275K' });
    expect((await titles(t)).filter((e) => e.actual === '275K')).toHaveLength((await titles(other)).filter((e) => e.actual === '275K').length);

    // The next week has nothing imported yet: no write happened, the week's answer is not last week's.
    clock.now = new Date('2025-03-10T13:00:00Z');
    try {
      expect(await titles(t)).toEqual([]);
      expect(await titles(other, 'all')).toEqual([]);
    } finally {
      clock.now = new Date('2025-03-05T13:00:00Z');
    }
    expect(await titles(t)).toHaveLength(high.length);
  });
});

describe('courses', () => {
  let courseId: string;
  const lesson = (slug: string, title: string, status: 'published' | 'locked', sortOrder: number) => ({
    slug,
    title,
    status,
    summary: 'Summary',
    overview: 'Overview',
    contentHtml: '<p>Body</p>',
    durationSeconds: 600,
    sortOrder,
    sections: [],
  });
  const list = async (client: Client, as = token) =>
    (await read<{ data: { slug: string; title: string; progress_percent: number }[] }>(client, '/api/courses', as)).data;
  const detail = async (client: Client, as = token) =>
    (await read<{ data: { modules: { slug: string; title: string; status: string; progress: { progress_percent: number } }[] } }>(client, '/api/courses/basics', as)).data;

  beforeAll(async () => {
    courseId = await saveCourse(t.ctx.db, { slug: 'basics', title: 'Basics', subtitle: 'Start here', status: 'published', sortOrder: 1 }, clock.now);
    await saveLesson(t.ctx.db, courseId, lesson('welcome', 'Welcome', 'published', 0), clock.now);
    await saveLesson(t.ctx.db, courseId, lesson('charts', 'Charts', 'locked', 1), clock.now);
  });

  it("show a member's progress saved through the other instance, and only to that member", async () => {
    expect(await list(t)).toEqual([expect.objectContaining({ slug: 'basics', progress_percent: 0 })]);
    expect((await detail(t)).modules.map((m) => m.status)).toEqual(['in-progress', 'locked']);
    const strangersBefore = await detail(t, strangerToken);

    const res = await other.call('PUT', '/api/courses/basics/modules/welcome/progress', { token, body: { completed: true } });
    expect(res.statusCode, res.body).toBe(200);

    expect((await list(t))[0]!.progress_percent).toBe(50);
    expect((await detail(t)).modules.map((m) => m.status)).toEqual(['completed', 'in-progress']);
    expect(await detail(t, strangerToken)).toEqual(strangersBefore);
    expect((await list(other, strangerToken))[0]!.progress_percent).toBe(0);
  });

  it("show staff's edits to a course at once on every instance", async () => {
    expect((await detail(other)).modules[1]!.title).toBe('Charts');
    expect((await list(t))[0]!.title).toBe('Basics');
    await t.ctx.db.update(courseModules).set({ title: 'Reading charts' }).where(eq(courseModules.slug, 'charts'));
    expect((await detail(other)).modules[1]!.title).toBe('Reading charts');
    expect((await detail(t, strangerToken)).modules[1]!.title).toBe('Reading charts');
    await saveCourse(t.ctx.db, { slug: 'basics', title: 'Trading basics', subtitle: 'Start here', status: 'published', sortOrder: 1 }, clock.now);
    expect((await list(t))[0]!.title).toBe('Trading basics');
  });
});

describe('live sessions (the dashboard schedule)', () => {
  let sessionId: string;
  const sessions = async (client: Client) =>
    (await read<{ data: { id: string; title: string; isLive: boolean; replays: { title: string }[] }[] }>(client, '/api/live-sessions')).data;

  beforeAll(async () => {
    // Weekdays 09:15–11:00 in New York.
    sessionId = (await createSession(t.ctx, { title: 'Morning session', published: true })).id;
  });

  it('show staff edits and new replays at once on every instance', async () => {
    expect((await sessions(t)).map((s) => s.title)).toEqual(['Morning session']);
    expect(await sessions(other)).toEqual(await sessions(t));
    await t.ctx.db.update(liveSessions).set({ title: 'Opening bell' }).where(eq(liveSessions.id, sessionId));
    expect((await sessions(other)).map((s) => s.title)).toEqual(['Opening bell']);
    await addReplay(t.ctx, sessionId, { title: 'Tuesday replay', recordedAt: new Date('2025-03-04T16:00:00Z') });
    expect((await sessions(t))[0]!.replays.map((r) => r.title)).toEqual(['Tuesday replay']);
  });

  it('go live by the clock, with nothing written', async () => {
    expect((await sessions(t))[0]!.isLive).toBe(false);
    clock.now = new Date('2025-03-05T14:30:00Z'); // 09:30 in New York
    try {
      expect((await sessions(t))[0]!.isLive).toBe(true);
      expect((await sessions(other))[0]!.isLive).toBe(true);
    } finally {
      clock.now = new Date('2025-03-05T13:00:00Z');
    }
    expect((await sessions(t))[0]!.isLive).toBe(false);
  });
});

describe('AlphaORB overview (the AlphaORB page and the dashboard bots card)', () => {
  type Overview = {
    summary: { totalRevenue: number; periodRevenue: number; totalPositions: number };
    bots: { id: string; name: string; enabled: boolean; last_run: { state: string } | null }[];
    trades: { id: string }[];
  };
  const overview = (client: Client, range = 'week', as = token) => read<Overview>(client, `/api/alphaorb/overview?range=${range}`, as);
  let bot: { id: string; label: string };
  let accountId: string;

  beforeAll(async () => {
    accountId = (await linkAccount(t.ctx, member.id)).id;
    bot = (await t.ctx.db
      .insert(alphaorbBots)
      .values({ userId: member.id, tradingAccountId: accountId, label: 'Morning NAS100', instrumentId: '1001', instrumentSymbol: 'NAS100', runDays: ['mon', 'tue', 'wed', 'thu', 'fri'] })
      .returning())[0]!;
  });

  async function botTrade(runId: string, exitTime: string, pnl: string) {
    await recordBotTrade(t.ctx.db, {
      userId: member.id,
      tradingAccountId: accountId,
      botId: bot.id,
      botRunId: runId,
      leg: 1,
      botLabel: bot.label,
      instrument: 'NAS100',
      side: 'buy',
      quantity: '1',
      entryTime: new Date(Date.parse(exitTime) - 600_000).toISOString(),
      exitTime,
      entryPrice: '20000',
      exitPrice: '20010',
      pnl,
      orbStart: '09:30',
      orbRangeMinutes: 5,
      orderStatus: 'paper',
    });
  }

  it("show the runner's runs and trades and a bot's changes at once on every instance", async () => {
    const before = await overview(t);
    expect(before.bots.map((b) => [b.name, b.last_run])).toEqual([['Morning NAS100', null]]);
    expect(await overview(other)).toEqual(before);

    // The runner (on any instance's worker) finishes today's run with a trade.
    const [run] = await t.ctx.db
      .insert(alphaorbBotRuns)
      .values({ botId: bot.id, userId: member.id, tradingDay: '2025-03-05', state: 'armed', testMode: true, engine: {}, settings: {}, steps: [], metrics: {}, scheduledAt: new Date('2025-03-05T14:30:00Z'), armAt: new Date('2025-03-05T14:25:00Z') })
      .returning();
    expect((await overview(other)).bots[0]!.last_run).toMatchObject({ state: 'armed' });
    await t.ctx.db.update(alphaorbBotRuns).set({ state: 'closed', engine: { state: 'closed' } }).where(eq(alphaorbBotRuns.id, run!.id));
    expect((await overview(t)).bots[0]!.last_run).toMatchObject({ state: 'closed' });
    await botTrade(run!.id, '2025-03-05T15:00:00Z', '125.5');
    const after = await overview(other);
    expect(after.summary).toMatchObject({ totalRevenue: 125.5, periodRevenue: 125.5, totalPositions: 1 });
    expect(after.trades).toHaveLength(1);

    // Pausing and renaming the bot (what the pause and edit routes write).
    await t.ctx.db.update(alphaorbBots).set({ enabled: false }).where(eq(alphaorbBots.id, bot.id));
    expect((await overview(other)).bots[0]!.enabled).toBe(false);
    await t.ctx.db.update(alphaorbBots).set({ label: 'Opening range' }).where(eq(alphaorbBots.id, bot.id));
    expect((await overview(t)).bots[0]!.name).toBe('Opening range');
  });

  it("start a new period by the clock: today's trades leave 'day' on the next day", async () => {
    expect((await overview(t, 'day')).summary).toMatchObject({ periodRevenue: 125.5, totalPositions: 1 });
    clock.now = new Date('2025-03-06T15:00:00Z');
    try {
      expect((await overview(t, 'day')).summary).toMatchObject({ totalRevenue: 125.5, periodRevenue: 0, totalPositions: 0 });
      expect((await overview(other, 'week')).summary.periodRevenue).toBe(125.5);
    } finally {
      clock.now = new Date('2025-03-05T13:00:00Z');
    }
  });

  it("show the runner's events and orders on the bot monitor at once on every instance", async () => {
    type Monitor = { monitor: { runs: { upcoming: { id: string } | null }; events: { message: string }[] } };
    const monitor = (client: Client) => read<Monitor>(client, `/api/alphaorb/bots/${bot.id}/monitor`, token);
    // The bot's next run, planned as the scheduler plans it (the runs above carry no engine state).
    await t.ctx.db.delete(alphaorbBotRuns).where(eq(alphaorbBotRuns.botId, bot.id));
    const [row] = await t.ctx.db.select().from(alphaorbBots).where(eq(alphaorbBots.id, bot.id));
    await createUpcomingRun(t.ctx.db, row!, clock.now.getTime());
    const before = await monitor(other);
    const runId = before.monitor.runs.upcoming!.id;
    expect(await monitor(t)).toEqual(before);

    // The runner logs an event and records an order (no write to the run row itself).
    await t.ctx.db.insert(alphaorbBotRunEvents).values({ runId, at: clock.now, level: 'info', message: 'Breakout above the range.' });
    expect((await monitor(other)).monitor.events.map((e) => e.message)).toContain('Breakout above the range.');
    const revision = async () => (await t.ctx.db.select().from(tradeRevisions).where(eq(tradeRevisions.userId, member.id)))[0]!.botRevision;
    const atEvent = await revision();
    const [order] = await t.ctx.db
      .insert(alphaorbBotOrders)
      .values({ runId, clientOrderId: 'orb-monitor-1', side: 'buy', orderType: 'market', qty: '1' })
      .returning();
    expect(await revision()).toBeGreaterThan(atEvent);
    await t.ctx.db.update(alphaorbBotOrders).set({ brokerOrderId: '9001' }).where(eq(alphaorbBotOrders.id, order!.id));
    expect(await revision()).toBeGreaterThan(atEvent + 1);
  });

  it('show a renamed bot and a relabelled account on the bot monitor at once on every instance', async () => {
    type Monitor = { bot: { label: string; tradingAccountLabel: string } };
    const monitor = (client: Client) => read<Monitor>(client, `/api/alphaorb/bots/${bot.id}/monitor`, token);
    await monitor(t);
    await monitor(other);
    // Written straight to the database, as a staff screen or the sync would.
    await t.ctx.db.update(alphaorbBots).set({ label: 'Renamed bot' }).where(eq(alphaorbBots.id, bot.id));
    for (const client of [other, t]) expect((await monitor(client)).bot.label).toBe('Renamed bot');
    await t.ctx.db.update(tradingAccounts).set({ label: 'Relabelled account' }).where(eq(tradingAccounts.id, accountId));
    for (const client of [other, t]) expect((await monitor(client)).bot.tradingAccountLabel).toContain('Relabelled account');
    await t.ctx.db.update(alphaorbBots).set({ label: bot.label }).where(eq(alphaorbBots.id, bot.id));
  });

  it("never answer one member with another's bots", async () => {
    expect((await overview(t)).bots).toHaveLength(1);
    const strangers = await overview(t, 'week', strangerToken);
    expect(strangers.bots).toEqual([]);
    expect(strangers.summary.totalPositions).toBe(0);
  });
});

describe("members' answers", () => {
  it('are never given to another member, even at the same revisions', async () => {
    // Two members who never wrote anything have the same revisions (0): only the key keeps them apart.
    const ask = (userId: string) => memberAnswer(t.ctx, userId, 'courses', '0/0', async () => ({ for: userId }));
    expect(await ask('member-a')).toEqual({ for: 'member-a' });
    expect(await ask('member-b')).toEqual({ for: 'member-b' });
    expect(await ask('member-a')).toEqual({ for: 'member-a' });
  });
});

describe('an answer asked for by several requests at once', () => {
  it('is computed once, and a failure reaches every request without being kept', async () => {
    const answers = new RevisionedAnswers();
    let computations = 0;
    const compute = (result: () => object) => async () => {
      computations += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return result();
    };
    const five = (version: string, result: () => object) =>
      Promise.allSettled(Array.from({ length: 5 }, () => answers.through('report', version, compute(result))));

    const ok = await five('1', () => ({ net: 5 }));
    expect(computations).toBe(1);
    expect(ok.map((settled) => settled.status === 'fulfilled' && settled.value)).toEqual(Array(5).fill(ok[0]!.status === 'fulfilled' && ok[0]!.value));

    const failed = await five('2', () => {
      throw new Error('database gone');
    });
    expect(computations).toBe(2);
    expect(failed.map((settled) => settled.status === 'rejected' && (settled.reason as Error).message)).toEqual(Array(5).fill('database gone'));

    // Nothing of the failure is kept: the next request computes again.
    expect(await answers.through('report', '2', compute(() => ({ net: 7 })))).toEqual({ net: 7 });
    expect(computations).toBe(3);
  });
});
