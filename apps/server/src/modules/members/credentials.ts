import { and, eq, ne } from 'drizzle-orm';
import type { UpdateAuthRequest } from '@th/contracts';
import type { AppContext, AuthContext } from '../../context.ts';
import { apiTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../lib/secrets.ts';
import { getProfile } from './profile.ts';

/** Changes the sign-in e-mail and/or password; other devices are signed out on a new password. */
export async function updateCredentials(ctx: AppContext, auth: AuthContext, input: UpdateAuthRequest) {
  const email = input.email ?? input.username;
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await ctx.db.transaction(async (tx) => {
    if (email && email !== auth.email) {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (taken) throw AppError.invalid('email', 'The email has already been taken.');
    }
    await tx
      .update(users)
      .set({ ...(email && { email }), ...(passwordHash && { passwordHash }), updatedAt: ctx.now() })
      .where(eq(users.id, auth.userId));
    if (passwordHash) {
      await tx.delete(apiTokens).where(and(eq(apiTokens.userId, auth.userId), ne(apiTokens.id, auth.tokenId)));
    }
  });
  return { message: 'Authentication details updated successfully.', data: await getProfile(ctx.db, auth.userId) };
}
