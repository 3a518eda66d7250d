import { and, asc, eq, sql } from 'drizzle-orm';
import type { LinkedAccount } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import type { Database, Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { tradingAccounts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

type Row = typeof tradingAccounts.$inferSelect;

export function toLinkedAccount(row: Row, bots: number): LinkedAccount {
  return {
    id: row.id,
    account_id: row.brokerAccountId,
    name: row.label || row.name,
    label: row.label,
    platform: row.platform === 'tradelocker' ? 'TradeLocker' : row.platform,
    type: row.environment,
    status: row.status,
    connection: row.status === 'disabled' ? 'disabled' : row.connection,
    balance: row.balance === null ? null : Number(row.balance),
    currency: row.currency,
    disabled: row.status === 'disabled',
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    alphaorb_bots_count: bots,
  };
}

/** The member's linked accounts with how many AlphaORB bots trade each (one statement). */
const accountsQuery = prepared((db) =>
  db
    .select({
      account: tradingAccounts,
      // Written out in full: drizzle leaves a one-table select's columns unqualified.
      bots: sql<number>`(select count(*)::int from alphaorb_bots where alphaorb_bots.trading_account_id = trading_accounts.id)`,
    })
    .from(tradingAccounts)
    .where(eq(tradingAccounts.userId, sql.placeholder('userId')))
    .orderBy(asc(tradingAccounts.createdAt))
    .prepare('linked_accounts'),
);

export async function listLinkedAccounts(db: Database, userId: string): Promise<LinkedAccount[]> {
  const rows = await accountsQuery(db).execute({ userId });
  return rows.map((row) => toLinkedAccount(row.account, Number(row.bots)));
}

async function ownedAccount(db: Executor, userId: string, id: string): Promise<Row> {
  const uuid = /^[0-9a-f-]{36}$/i.test(id) ? id : null;
  const [row] = uuid
    ? await db
        .select()
        .from(tradingAccounts)
        .where(and(eq(tradingAccounts.id, uuid), eq(tradingAccounts.userId, userId)))
    : [];
  // Another member's account answers exactly like a missing one.
  if (!row) throw new AppError('not_found', 'Trading account not found.');
  return row;
}

/** Disabling stops syncing but keeps the trades; reactivating happens by re-linking. */
export async function setAccountStatus(
  ctx: AppContext,
  userId: string,
  id: string,
  status: 'active' | 'disabled',
) {
  const row = await ownedAccount(ctx.db, userId, id);
  if (status === 'active' && row.connection === 'needs_relink') {
    throw AppError.invalid('status', 'Re-link this account with your TradeLocker login to reactivate it.');
  }
  const [updated] = await ctx.db
    .update(tradingAccounts)
    .set({ status, updatedAt: ctx.now() })
    .where(eq(tradingAccounts.id, row.id))
    .returning();
  return { status: updated!.status, updated_at: updated!.updatedAt.toISOString() };
}

/** Removing an account also removes its bots (foreign keys cascade). */
export async function removeAccount(ctx: AppContext, userId: string, id: string) {
  const row = await ownedAccount(ctx.db, userId, id);
  await ctx.db.delete(tradingAccounts).where(eq(tradingAccounts.id, row.id));
  return { message: 'Trading account removed.' };
}
