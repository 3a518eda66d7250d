/**
 * Closing an account (modules/data-rights) deletes the broker tokens of every linked account:
 * TradeLocker offers no call to revoke a token, so the sealed tokens are erased and the account
 * disabled; nothing can reach the broker for the member afterwards. Idempotent.
 */
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { tradingAccounts, tradingAccountSyncs } from '../../db/schema/index.ts';

/** Erases the member's broker tokens and stops their syncs; answers how many accounts held one. */
export async function forgetBrokerTokens(ctx: AppContext, userId: string): Promise<number> {
  const now = ctx.now();
  const changed = await ctx.db
    .update(tradingAccounts)
    .set({ credentialsEnc: null, tokenExpiresAt: null, status: 'disabled', connection: 'needs_relink', updatedAt: now })
    .where(and(eq(tradingAccounts.userId, userId), or(isNotNull(tradingAccounts.credentialsEnc), eq(tradingAccounts.status, 'active'))))
    .returning({ id: tradingAccounts.id });
  // A sync holding a lease gives it up at once.
  await ctx.db.update(tradingAccountSyncs).set({ leaseUntil: null }).where(eq(tradingAccountSyncs.userId, userId));
  return changed.length;
}
