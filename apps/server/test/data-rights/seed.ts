/** Puts a row of a member into every table the registry lists, straight into the database. */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../src/context.ts';
import { rowsOf } from '../../src/db/rows.ts';
import {
  alphaorbBotOrders,
  alphaorbBotRunEvents,
  alphaorbBotRuns,
  alphaorbBots,
  alphaorbRunnerLeases,
  auditLog,
  backtests,
  courseModules,
  courses,
  journalDays,
  journalTradeEntries,
  liveSessionFeeds,
  liveSessions,
  moduleProgress,
  pageViews,
  passwordTokens,
  sessionAttendance,
  trades,
  tradingAccounts,
  tradingAccountSyncs,
} from '../../src/db/schema/index.ts';

export async function seedEverything(ctx: AppContext, userId: string, email: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const [account] = await ctx.db
    .insert(tradingAccounts)
    .values({ userId, environment: 'demo', brokerAccountId: `acc-${tag}`, name: 'Demo account', credentialsEnc: 'sealed-secret-tokens' })
    .returning();
  await ctx.db.insert(tradingAccountSyncs).values({ tradingAccountId: account!.id, userId });
  const [trade] = await ctx.db
    .insert(trades)
    .values({
      userId,
      source: 'manual',
      instrument: 'NAS100',
      side: 'buy',
      quantity: '1',
      entryTime: new Date('2026-03-02T15:00:00Z'),
      exitTime: new Date('2026-03-02T15:30:00Z'),
      entryPrice: '18000',
      exitPrice: '18010',
      netPnl: '10',
      grossPnl: '10',
      accountLabel: 'Manual',
      tradeDate: '2026-03-02',
      notes: 'my private trade note',
    })
    .returning();
  await ctx.db.insert(journalDays).values({ userId, date: '2026-03-02', overallNotes: 'A calm day' });
  await ctx.db.insert(journalTradeEntries).values({
    userId,
    date: '2026-03-02',
    tradeId: trade!.id,
    notes: 'Entered on the retest',
    context: { session: null, marketCondition: null, news: null },
    emotions: { before: null, during: null, after: null },
    checklist: { planAligned: true, riskManaged: true, scalingRules: false },
  });
  const [bot] = await ctx.db
    .insert(alphaorbBots)
    .values({ userId, tradingAccountId: account!.id, label: 'My ORB', instrumentId: '1', instrumentSymbol: 'NAS100', runDays: ['mon'] })
    .returning();
  const [run] = await ctx.db
    .insert(alphaorbBotRuns)
    .values({
      botId: bot!.id,
      userId,
      tradingDay: '2026-03-02',
      state: 'closed',
      testMode: true,
      engine: { state: 'closed' },
      settings: {},
      steps: [],
      metrics: {},
      scheduledAt: new Date('2026-03-02T14:30:00Z'),
      armAt: new Date('2026-03-02T14:25:00Z'),
    })
    .returning();
  await ctx.db.insert(alphaorbBotRunEvents).values({ runId: run!.id, at: new Date(), level: 'info', message: 'Armed' });
  await ctx.db.insert(alphaorbBotOrders).values({ runId: run!.id, clientOrderId: `c-${tag}`, side: 'buy', orderType: 'limit', qty: '1' });
  await ctx.db.insert(alphaorbRunnerLeases).values({ botId: bot!.id, owner: 'test', expiresAt: new Date() });
  await ctx.db.insert(backtests).values({ userId, instrument: 'NAS100', settings: {}, fromDate: '2026-01-01', toDate: '2026-01-31' });
  const [course] = await ctx.db.insert(courses).values({ slug: `c-${tag}`, title: 'Course', status: 'published' }).returning();
  const [lesson] = await ctx.db.insert(courseModules).values({ courseId: course!.id, slug: 'one', title: 'Lesson one' }).returning();
  await ctx.db.insert(moduleProgress).values({ userId, moduleId: lesson!.id, progressPercent: 50 });
  await ctx.db.insert(liveSessionFeeds).values({ userId, tokenHash: `feed-hash-${tag}` });
  const [session] = await ctx.db.insert(liveSessions).values({ title: `Session ${tag}` }).returning();
  await ctx.db.insert(sessionAttendance).values({
    sessionId: session!.id,
    userId,
    meetingUuid: `meeting-${tag}`,
    participantId: `participant-${tag}`,
    joinedAt: new Date('2026-01-05T14:20:00Z'),
    leftAt: new Date('2026-01-05T15:30:00Z'),
  });
  await ctx.db.insert(pageViews).values({ userId, path: '/dashboard' });
  await ctx.db.insert(passwordTokens).values({ userId, kind: 'reset', tokenHash: `reset-hash-${tag}`, expiresAt: new Date(Date.now() + 3_600_000) });
  await ctx.db.insert(auditLog).values({
    actorId: null,
    actorEmail: 'staff@test.local',
    action: 'member.updated',
    subjectType: 'member',
    subjectId: userId,
    before: { email, first_name: 'Test' },
    after: { email: `new-${email}`, note: `was ${email}` },
  });
  // The trade triggers keep the revision and the report rollups.
  const [{ n }] = rowsOf(await ctx.db.execute(sql`select count(*)::int as n from report_days where user_id = ${userId}`)) as [{ n: number }];
  if (n === 0) throw new Error('expected report rollups from the trade triggers');
  return { accountId: account!.id, botId: bot!.id, tradeId: trade!.id };
}
