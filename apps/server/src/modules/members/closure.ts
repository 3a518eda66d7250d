/**
 * What closing and erasing an account (modules/data-rights) asks of the member record: the
 * password check, signing out every device, barring sign-in once erasure starts, and deleting
 * the record itself (its foreign keys take the member's rows in every table declared
 * `on delete cascade`).
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { apiTokens, passwordTokens, users } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/secrets.ts';

/** Whether this is the member's password (closing the account, changing e-mail or password). */
export async function passwordMatches(ctx: AppContext, userId: string, password: string): Promise<boolean> {
  const [user] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return !!user?.hash && (await verifyPassword(password, user.hash));
}

/** Who the member is, for replacing their name where records are kept; null once deleted. */
export async function memberIdentity(ctx: AppContext, userId: string) {
  const [user] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, phone: users.phone, timezone: users.timezone })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** Signs the member out on every device. */
export async function signOutEverywhere(ctx: AppContext, userId: string) {
  await ctx.db.delete(apiTokens).where(eq(apiTokens.userId, userId));
}

/** From the start of erasure no password opens the account again, and no reset link works. */
export async function barSignIn(ctx: AppContext, userId: string) {
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: null, updatedAt: ctx.now() }).where(eq(users.id, userId));
    await tx.delete(passwordTokens).where(eq(passwordTokens.userId, userId));
    await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
  });
}

/** Deletes the member record; every table referencing it cascades or sets null. */
export async function deleteMemberRecord(ctx: AppContext, userId: string) {
  await ctx.db.delete(users).where(eq(users.id, userId));
}
