/**
 * The TradeDesk benchmark's member, seeded through the server's own services into the database
 * the server will start on (the embedded one of its DATA_DIR, or PostgreSQL): an active membership, a linked
 * TradeLocker account with most of the month's trades (synced through upsertSyncedTrades),
 * manual trades under two account labels (createManualTrade), and journal days with notes on
 * their first trade (saveJournalDay, saveTradeEntry). All trades fall on the weekdays of one
 * Toronto month, across six instruments, both sides, three order types and three sessions.
 */
import type { BrowserContext } from 'playwright-core';
import { createErrorReporter } from '../apps/server/src/lib/error-reporting.ts';
import { asc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { pino } from 'pino';
import { ManualTradeRequest } from '@th/contracts';
import { seededRandom, TRADE_TIME_ZONE } from '@th/domain';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { createProcessMemory } from '../apps/server/src/context.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  subscriptions,
  trades,
  tradingAccounts,
  users,
} from '../apps/server/src/db/schema/index.ts';
import { hashPassword } from '../apps/server/src/lib/secrets.ts';
import { saveJournalDay, saveTradeEntry } from '../apps/server/src/modules/journals/service.ts';
import {
  createManualTrade,
  publicTradeId,
  upsertSyncedTrades,
  type SyncedTradeInput,
} from '../apps/server/src/modules/trades/index.ts';

export const MEMBER = { email: 'tradedesk-bench@example.com', password: 'Bench123!tradedesk' };

type Market = {
  symbol: string;
  price: number;
  tick: number;
  lots: number[];
  perPoint: number;
  move: number;
};
const MARKETS: Market[] = [
  { symbol: 'NAS100', price: 21_250, tick: 0.25, lots: [1, 2, 3, 5], perPoint: 1, move: 45 },
  { symbol: 'US30', price: 42_300, tick: 1, lots: [1, 2, 3], perPoint: 1, move: 80 },
  { symbol: 'SPX', price: 5_950, tick: 0.25, lots: [1, 2], perPoint: 5, move: 12 },
  { symbol: 'XAUUSD', price: 2_655, tick: 0.01, lots: [0.1, 0.2, 0.5], perPoint: 100, move: 6 },
  { symbol: 'GER40', price: 20_150, tick: 0.5, lots: [1, 2], perPoint: 1, move: 40 },
  { symbol: 'BTCUSD', price: 96_000, tick: 1, lots: [0.01, 0.05, 0.1], perPoint: 1, move: 900 },
];
const TYPES = ['market', 'market', 'market', 'limit', 'stop'];
const MANUAL_LABELS = ['Manual', 'Prop firm challenge'];
const MANUAL_SHARE = 0.12;

export type SeededMonth = {
  /** YYYY-MM in Toronto time. */
  month: string;
  trades: number;
  linked: number;
  manual: number;
  /** Weekdays of the month that hold trades. */
  days: number;
  /** The date with the most trades. */
  busiestDay: string;
  journalDays: number;
};

const round = (value: number, step: number) => Math.round(value / step) * step;

/** Where the server will find its data: the embedded database of its DATA_DIR, or PostgreSQL. */
export type SeedTarget = { dataDir: string } | { url: string; appKey: string };

/** Migrates the target database and seeds the member; closes it again. */
export async function seedTradeDeskMonth(
  target: SeedTarget,
  options: { trades: number; now: Date; permissions?: string[] },
): Promise<SeededMonth> {
  const database = await openDatabase(
    'url' in target ? { url: target.url, poolSize: 2 } : { dataDir: `${target.dataDir}/pglite` },
  );
  await database.migrate();
  const ctx: AppContext = {
    // The server's own settings, so both use the same app key (generated into DATA_DIR when embedded).
    config: loadConfig(
      'url' in target
        ? {
            NODE_ENV: 'production',
            DATABASE_URL: target.url,
            APP_KEY: target.appKey,
            LOG_LEVEL: 'silent',
          }
        : { NODE_ENV: 'production', DATA_DIR: target.dataDir, LOG_LEVEL: 'silent' },
    ),
    db: database.db,
    database,
    mailer: { send: async () => undefined },
    jobs: { send: async () => null } as unknown as AppContext['jobs'],
    log: pino({ level: 'silent' }),
    errors: createErrorReporter({ dsn: undefined, environment: 'bench' }),
    memory: createProcessMemory(),
    now: () => options.now,
  };
  try {
    const [user] = await ctx.db
      .insert(users)
      .values({
        email: MEMBER.email,
        passwordHash: await hashPassword(MEMBER.password),
        firstName: 'Bench',
        lastName: 'Trader',
        status: 'active',
        ...(options.permissions ? { permissions: options.permissions } : {}),
      })
      .returning({ id: users.id });
    const userId = user!.id;
    await ctx.db.insert(subscriptions).values({
      userId,
      vendor: 'internal',
      planKey: 'trader',
      planName: 'Trader',
      status: 'active',
    });
    const [account] = await ctx.db
      .insert(tradingAccounts)
      .values({
        userId,
        environment: 'live',
        brokerAccountId: '4410027',
        accNum: '1',
        name: 'Apex Live',
        currency: 'USD',
      })
      .returning();

    const rand = seededRandom(20_261_122);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
    const monthStart = DateTime.fromJSDate(options.now).setZone(TRADE_TIME_ZONE).startOf('month');
    const weekdays: DateTime[] = [];
    for (let day = monthStart; day.month === monthStart.month; day = day.plus({ days: 1 })) {
      if (day.weekday <= 5) weekdays.push(day);
    }
    // Busy and quiet days: each weekday gets a weight, trades are dealt out by it.
    const weights = weekdays.map(() => 0.4 + rand() * 1.2);
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    let cumulative = 0;
    const bounds = weights.map((w) => (cumulative += w / totalWeight));

    const linked: SyncedTradeInput[] = [];
    const manual: Array<Parameters<typeof ManualTradeRequest.parse>[0]> = [];
    for (let n = 0; n < options.trades; n += 1) {
      const draw = rand();
      const day =
        weekdays[
          Math.max(
            0,
            bounds.findIndex((bound) => draw <= bound),
          )
        ]!;
      const session = rand();
      const market =
        session < 0.2
          ? pick([MARKETS[3]!, MARKETS[4]!])
          : session < 0.3
            ? MARKETS[5]!
            : pick(MARKETS.slice(0, 4));
      // London 01:00–04:00, the evening Asian range 19:00–23:00, New York 09:30–16:00 (Toronto).
      const entry =
        session < 0.2
          ? day.set({ hour: 1 + Math.floor(rand() * 3), minute: Math.floor(rand() * 60) })
          : session < 0.3
            ? day.set({ hour: 19 + Math.floor(rand() * 4), minute: Math.floor(rand() * 60) })
            : day.set({ hour: 9, minute: 30 }).plus({ minutes: Math.floor(rand() * 385) });
      const exit = entry.plus({
        minutes: 1 + Math.floor(rand() * 55),
        seconds: Math.floor(rand() * 60),
      });
      const side = rand() < 0.55 ? 'buy' : 'sell';
      const lots = pick(market.lots);
      const entryPrice = round(market.price * (1 + (rand() - 0.5) * 0.06), market.tick);
      const points = round(
        market.move * (rand() < 0.55 ? 0.3 + rand() : -(0.2 + rand() * 0.7)),
        market.tick,
      );
      const exitPrice = entryPrice + (side === 'buy' ? points : -points);
      const stop = entryPrice + (side === 'buy' ? -1 : 1) * round(market.move * 0.6, market.tick);
      const grossCents = Math.round(points * lots * market.perPoint * 100);
      const feeCents = Math.max(50, Math.round(lots * (market.perPoint >= 100 ? 700 : 150)));
      const common = {
        entryPrice: entryPrice.toFixed(2),
        exitPrice: exitPrice.toFixed(2),
        stopLoss: stop.toFixed(2),
        fee: (feeCents / 100).toFixed(2),
        grossPnl: (grossCents / 100).toFixed(2),
        netPnl: ((grossCents - feeCents) / 100).toFixed(2),
      };
      if (rand() < MANUAL_SHARE) {
        manual.push({
          instrument: market.symbol,
          side: side.toUpperCase(),
          type: 'Market',
          quantity: String(lots),
          entry_price: common.entryPrice,
          exit_price: common.exitPrice,
          stop_loss: common.stopLoss,
          fee: common.fee,
          gross_pnl: common.grossPnl,
          net_pnl: common.netPnl,
          entry_time: entry.toUTC().toISO()!,
          exit_time: exit.toUTC().toISO()!,
          account_label: pick(MANUAL_LABELS),
          notes: rand() < 0.3 ? 'Logged by hand from the prop firm platform.' : null,
        });
      } else {
        const position = linked.length + 1;
        linked.push({
          brokerPositionId: `B${position}`,
          entryOrderId: `B${position}-1`,
          exitOrderId: `B${position}-2`,
          instrument: market.symbol,
          side,
          type: pick(TYPES),
          quantity: lots,
          entryTime: entry.toJSDate(),
          exitTime: exit.toJSDate(),
          takeProfit:
            rand() < 0.5
              ? (entryPrice + (side === 'buy' ? 1.5 : -1.5) * market.move).toFixed(2)
              : null,
          ...common,
        });
      }
    }

    // A sync writes its history in pages of a thousand orders.
    for (let start = 0; start < linked.length; start += 1000) {
      await upsertSyncedTrades(ctx.db, {
        userId,
        tradingAccountId: account!.id,
        accountLabel: account!.name,
        accountIdentifier: account!.brokerAccountId,
        trades: linked.slice(start, start + 1000),
      });
    }
    for (const input of manual)
      await createManualTrade(ctx, userId, ManualTradeRequest.parse(input));

    // Every third traded day is journaled, with notes on its first trade.
    const rows = await ctx.db
      .select({ id: trades.id, source: trades.source, date: trades.tradeDate })
      .from(trades)
      .where(eq(trades.userId, userId))
      .orderBy(asc(trades.entryTime));
    const firstOfDay = new Map<string, (typeof rows)[number]>();
    const perDay = new Map<string, number>();
    for (const row of rows) {
      if (!row.date) continue;
      if (!firstOfDay.has(row.date)) firstOfDay.set(row.date, row);
      perDay.set(row.date, (perDay.get(row.date) ?? 0) + 1);
    }
    const dates = [...firstOfDay.keys()].sort();
    const journaled = dates.filter((_, index) => index % 3 === 0);
    for (const [index, date] of journaled.entries()) {
      await saveJournalDay(ctx, userId, date, {
        session: 'New York',
        sentiment: pick(['Bullish', 'Bearish', 'Neutral']),
        plan_summary: 'Trade the opening range breakout on NAS100; max two attempts.',
        overall_notes: `<p><strong>Day ${index + 1}.</strong> Waited for the range, took the breakout, respected the stop.</p>`,
        tags: ['ORB'],
      });
      await saveTradeEntry(ctx, userId, date, publicTradeId(firstOfDay.get(date)!), {
        outcome: pick(['Hit target', 'Stopped out at plan', 'Scratched at break-even']),
        notes: '<p>Entry on the <strong>retest</strong> of the range high.</p>',
        context: { marketCondition: 'Trend day', news: index % 4 === 0 ? 'CPI 08:30' : null },
        emotions: { before: 'Calm', during: 'Focused', after: 'Satisfied' },
        checklist: { planAligned: true, riskManaged: rand() < 0.85, scalingRules: rand() < 0.6 },
        labels: ['ORB'],
      });
    }
    return {
      month: monthStart.toFormat('yyyy-MM'),
      trades: rows.length,
      linked: linked.length,
      manual: manual.length,
      days: dates.length,
      busiestDay: [...perDay.entries()].reduce((a, b) => (b[1] > a[1] ? b : a))[0],
      journalDays: journaled.length,
    };
  } finally {
    await database.close();
  }
}

/** Signs the seeded member in through the API and hands the token to the context's pages, as the SPA keeps it. */
export async function signIn(context: BrowserContext, base: string) {
  await context.request.get(`${base}/sanctum/csrf-cookie`);
  const xsrf = (await context.cookies(base)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await context.request.post(`${base}/api/login`, {
    data: { username: MEMBER.email, password: MEMBER.password, device_name: 'bench' },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  if (res.status() !== 200)
    throw new Error(`sign-in answered ${res.status()}: ${await res.text()}`);
  const { token, exp } = (await res.json()) as { token: string; exp: number };
  await context.addInitScript(
    ([origin, access, expiry]) => {
      if (location.origin === origin)
        localStorage.setItem('th_auth', JSON.stringify({ access, exp: expiry }));
    },
    [base, token, exp] as const,
  );
}
