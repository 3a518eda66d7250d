import { and, eq, ne } from 'drizzle-orm';
import type { UpdateAuthRequest } from '@th/contracts';
import type { AppContext, AuthContext } from '../../context.ts';
import { apiTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../lib/secrets.ts';
import { credentialsChangedMail } from '../mail/index.ts';
import { passwordMatches } from './closure.ts';
import { getProfile } from './profile.ts';

/**
 * Changes the sign-in e-mail and/or password after checking the current password (a token
 * alone, taken from a device, must not be enough to take the account over). Other devices are
 * signed out on a new password, and the address signed in with until now is told either way.
 */
export async function updateCredentials(ctx: AppContext, auth: AuthContext, input: UpdateAuthRequest) {
  if (!(await passwordMatches(ctx, auth.userId, input.current_password))) {
    throw AppError.invalid('current_password', 'The current password is incorrect.');
  }
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
  const newEmail = email && email !== auth.email ? email : undefined;
  if (newEmail || passwordHash) {
    const brand = { name: ctx.config.BRAND_NAME, supportEmail: ctx.config.SUPPORT_EMAIL };
    const reset = `${ctx.config.APP_URL}/password/request`;
    // The change is made: a mail outage is logged by the mailer, not reported as a failure.
    await ctx.mailer
      .send(credentialsChangedMail(brand, auth.email, { newEmail, password: !!passwordHash }, reset))
      .catch(() => undefined);
  }
  return { message: 'Authentication details updated successfully.', data: await getProfile(ctx.db, auth.userId) };
}
