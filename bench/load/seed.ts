/**
 * Seeds the load test's members through the server's own services: each member gets an active
 * membership, a linked (demo) account with ~90 days of synced trades, journal days, an
 * AlphaORB bot with its upcoming run, and a sign-in token. Passwords share one hash (hashing
 * is deliberately slow and is not what this benchmark measures).
 */
import { createErrorReporter } from '../../apps/server/src/lib/error-reporting.ts';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import type { AppContext } from '../../apps/server/src/context.ts';
import { createProcessMemory } from '../../apps/server/src/context.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { alphaorbBots, apiTokens, subscriptions, tradingAccounts, users } from '../../apps/server/src/db/schema/index.ts';
import { hashPassword, sha256 } from '../../apps/server/src/lib/secrets.ts';
import { createUpcomingRun } from '../../apps/server/src/modules/alphaorb/runs.ts';
import { saveJournalDay } from '../../apps/server/src/modules/journals/service.ts';
import { upsertSyncedTrades } from '../../apps/server/src/modules/trades/index.ts';

export const PASSWORD = 'LoadTest123!';
const DAY = 86_400_000;
const INSTRUMENTS = ['NAS100', 'US30', 'XAUUSD', 'GER40'];

export type SeededMember = { id: string; email: string; token: string; botId: string };

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function seedMembers(
  database: DatabaseHandle,
  options: { members: number; tradesPerMember: number; journalDays: number; appKey: string },
): Promise<SeededMember[]> {
  const ctx: AppContext = {
    config: loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://seed', APP_KEY: options.appKey, LOG_LEVEL: 'silent' }),
    db: database.db,
    database,
    mailer: { send: async () => undefined },
    jobs: { send: async () => null } as unknown as AppContext['jobs'],
    log: pino({ level: 'silent' }),
    errors: createErrorReporter({ dsn: undefined, environment: 'bench' }),
    memory: createProcessMemory(),
    now: () => new Date(),
  };
  const passwordHash = await hashPassword(PASSWORD);
  const rand = random(7);
  const now = Date.now();
  const seeded: SeededMember[] = [];
  for (let i = 0; i < options.members; i++) {
    const email = `load${i}@bench.local`;
    const [user] = await ctx.db
      .insert(users)
      .values({ email, passwordHash, firstName: 'Load', lastName: `Member ${i}`, status: 'active', permissions: ['alphaorb.manage'] })
      .returning({ id: users.id });
    const userId = user!.id;
    await ctx.db.insert(subscriptions).values({ userId, vendor: 'internal', planKey: 'automation', planName: 'Trader plus Automation', status: 'active' });
    const [account] = await ctx.db
      .insert(tradingAccounts)
      .values({ userId, environment: 'demo', brokerAccountId: String(700_000 + i), accNum: '1', name: `Practice ${i}`, currency: 'USD' })
      .returning();

    const trades = Array.from({ length: options.tradesPerMember }, (_, n) => {
      const entry = now - Math.floor(rand() * 90) * DAY - Math.floor(rand() * 6 * 3_600_000);
      const price = 1_000 + rand() * 20_000;
      const gross = (rand() - 0.45) * 400;
      return {
        brokerPositionId: `L${i}-${n}`,
        instrument: INSTRUMENTS[n % INSTRUMENTS.length]!,
        side: rand() < 0.5 ? ('buy' as const) : ('sell' as const),
        type: 'market',
        quantity: 1 + Math.floor(rand() * 3),
        entryTime: entry,
        exitTime: entry + (1 + Math.floor(rand() * 90)) * 60_000,
        entryPrice: price.toFixed(2),
        exitPrice: (price + gross / 2).toFixed(2),
        fee: '1.50',
        grossPnl: gross.toFixed(2),
        netPnl: (gross - 1.5).toFixed(2),
      };
    });
    await upsertSyncedTrades(ctx.db, { userId, tradingAccountId: account!.id, accountLabel: account!.name, accountIdentifier: '1', trades });
    for (let d = 0; d < options.journalDays; d++) {
      await saveJournalDay(ctx, userId, isoDate(now - d * 3 * DAY), {
        sentiment: 'Neutral',
        plan_summary: 'Trade the opening range only; stop after two losses.',
        overall_notes: `<p>Day ${d}: waited for the range, took the breakout, respected the stop.</p>`,
        tags: ['orb'],
      });
    }
    // Paused bots: their monitor is what members poll, and the worker leaves them alone.
    const [bot] = await ctx.db
      .insert(alphaorbBots)
      .values({
        userId,
        tradingAccountId: account!.id,
        label: `Morning NAS100 ${i}`,
        instrumentId: '1001',
        instrumentSymbol: 'NAS100',
        runDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
        orderType: 'market',
        enabled: false,
        engine: { value_per_point: 1 },
      })
      .returning();
    await createUpcomingRun(ctx.db, bot!, now);

    const token = randomBytes(32).toString('hex');
    await ctx.db.insert(apiTokens).values({ userId, tokenHash: sha256(token), name: 'load', expiresAt: new Date(now + 7 * DAY) });
    seeded.push({ id: userId, email, token, botId: bot!.id });
  }
  return seeded;
}
