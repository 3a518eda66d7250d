import { eq } from 'drizzle-orm';
import { DEMO_ACCOUNT, DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVER, LIVE_ACCOUNT } from '@th/broker-sim';
import type { AppContext } from '../context.ts';
import { tradingAccounts, users } from '../db/schema/index.ts';
import { discoverAccounts, linkAccounts } from '../modules/trading-accounts/link.ts';
import { syncAccount } from '../modules/trading-accounts/sync.ts';

const DEMO_MEMBER = 'member@example.com';

/**
 * The demo member's linked TradeLocker accounts: the embedded simulator's demo and live
 * accounts, linked through the same discovery and link path as the wizard and synced once so
 * the journal shows the simulator's history right after `npm start`. Needs the simulator
 * running (server.ts starts it before seeding); without it nothing is linked.
 */
export async function seedLinkedAccounts(ctx: AppContext) {
  if (!ctx.config.BROKER_SIM) return;
  const [member] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MEMBER));
  if (!member) return;
  const existing = await ctx.db.select({ id: tradingAccounts.id }).from(tradingAccounts).where(eq(tradingAccounts.userId, member.id));
  if (existing.length > 0) return;

  const auth = { userId: member.id, status: 'active' as const };
  for (const [environment, account, label] of [
    ['demo', DEMO_ACCOUNT, 'Practice account'],
    ['live', LIVE_ACCOUNT, null],
  ] as const) {
    const found = await discoverAccounts(ctx, auth, {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      server: DEMO_SERVER,
      accountType: environment,
    });
    const listed = found.accounts.find((a) => a.id === account.id);
    if (!listed) continue;
    await linkAccounts(ctx, auth, {
      platform: 'TradeLocker',
      credentials: { email: DEMO_EMAIL, server: DEMO_SERVER, accountType: environment },
      tokens: found.tokens,
      accounts: [{ id: listed.id, number: listed.number, balance: listed.balance, currency: listed.currency, label }],
    });
  }
  const linked = await ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, member.id));
  for (const row of linked) {
    const outcome = await syncAccount(ctx, row);
    ctx.log.info({ account: row.name, ...outcome }, 'demo trade sync');
  }
}
