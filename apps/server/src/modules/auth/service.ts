import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { passwordTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/secrets.ts';
import { settleInternalTrials } from '../billing/index.ts';
import { closeSession, openSession, replacePasswordLink, setPasswordFromLink } from '../members/index.ts';
import { restoreOnSignIn } from '../data-rights/index.ts';
import { inviteMail, passwordResetMail } from '../mail/index.ts';

export const RESET_TTL_MINUTES = 60;
export const INVITE_TTL_DAYS = 7;

const normaliseEmail = (email: string) => email.trim().toLowerCase();

// Verifying against a fixed hash when the member is unknown keeps sign-in timing uniform.
let decoyHash: Promise<string> | undefined;

export async function login(
  ctx: AppContext,
  input: { username: string; password: string; device_name: string },
) {
  const email = normaliseEmail(input.username);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  const hash = user?.passwordHash ?? (await (decoyHash ??= hashPassword(randomToken())));
  const ok = await verifyPassword(input.password, hash);
  if (!user || !user.passwordHash || !ok) {
    throw new AppError('validation', 'These credentials do not match our records.', {
      username: ['These credentials do not match our records.'],
    });
  }
  // Signing in within a closed account's grace period restores it.
  await restoreOnSignIn(ctx, user.id);
  // A trial that ended since the job last ran ends now, before the member is let in.
  await settleInternalTrials(ctx, user.id);
  const now = ctx.now();
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + ctx.config.TOKEN_TTL_DAYS * 86_400_000);
  await ctx.db.transaction((tx) =>
    openSession(tx, { userId: user.id, tokenHash: sha256(token), name: input.device_name, expiresAt, now }),
  );
  return {
    token,
    token_type: 'Bearer' as const,
    exp: Math.floor(expiresAt.getTime() / 1000),
    expires_at: expiresAt.toISOString(),
  };
}

/** Revokes the token the request was made with. */
export async function logout(ctx: AppContext, tokenId: number) {
  await closeSession(ctx.db, tokenId);
  return { message: 'Logged out.' };
}

async function issuePasswordToken(ctx: AppContext, userId: string, kind: 'reset' | 'invite') {
  const token = randomToken(32);
  const ttl = kind === 'reset' ? RESET_TTL_MINUTES * 60_000 : INVITE_TTL_DAYS * 86_400_000;
  // Only the newest link of a kind works: asking again invalidates the previous e-mail.
  await ctx.db.transaction((tx) =>
    replacePasswordLink(tx, {
      userId,
      kind,
      tokenHash: sha256(token),
      expiresAt: new Date(ctx.now().getTime() + ttl),
      now: ctx.now(),
    }),
  );
  return token;
}

const brandOf = (ctx: AppContext) => ({ name: ctx.config.BRAND_NAME, supportEmail: ctx.config.SUPPORT_EMAIL });

/**
 * Sends a reset link when the address belongs to a member with a password (an invite when it
 * has none). Runs in the password-mail job for the public forms; staff call it directly.
 */
export async function remindPassword(ctx: AppContext, input: { email: string }) {
  const email = normaliseEmail(input.email);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (user?.passwordHash) {
    const token = await issuePasswordToken(ctx, user.id, 'reset');
    const href = `${ctx.config.APP_URL}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
    await ctx.mailer.send(passwordResetMail(brandOf(ctx), user.email, href, RESET_TTL_MINUTES));
  } else if (user) {
    await sendInviteTo(ctx, user.id, user.email);
  }
  return { message: REMIND_SENT };
}

const REMIND_SENT = 'If an account exists for that address, we have e-mailed a link to reset its password.';
const INVITE_SENT = 'If a membership exists for that address, we have e-mailed your invite link.';

/**
 * The public reset and invite forms: the mail is queued for the password-mail job, so an
 * address with an account and one without answer after the same work, in the same time, and
 * the form cannot be used to discover who is a member. The job retries a mail outage.
 */
export async function requestPasswordMail(ctx: AppContext, kind: PasswordMailKind, input: { email: string }) {
  await ctx.jobs.send(PASSWORD_MAIL_JOB, { kind, email: normaliseEmail(input.email) });
  return { message: kind === 'remind' ? REMIND_SENT : INVITE_SENT };
}

export const PASSWORD_MAIL_JOB = 'auth.password-mail';
export type PasswordMailKind = 'remind' | 'invite';

async function sendInviteTo(ctx: AppContext, userId: string, email: string) {
  const token = await issuePasswordToken(ctx, userId, 'invite');
  const href = `${ctx.config.APP_URL}/account/invite/${token}?email=${encodeURIComponent(email)}`;
  await ctx.mailer.send(inviteMail(brandOf(ctx), email, href, INVITE_TTL_DAYS));
}

/**
 * Invites go to member records created without a password (by billing or staff). Members who
 * already set a password get a reset link instead, so nobody is stuck.
 */
export async function sendInvite(ctx: AppContext, input: { email: string }) {
  const email = normaliseEmail(input.email);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (user && !user.passwordHash) await sendInviteTo(ctx, user.id, user.email);
  else if (user) await remindPassword(ctx, { email });
  return { message: INVITE_SENT };
}

/** Staff and billing use this to invite a member record they just created. */
export { sendInviteTo };

/** Sets a new password from a reset or invite link; the link works once. */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; email: string; password: string },
) {
  const email = normaliseEmail(input.email);
  const now = ctx.now();
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: passwordTokens.id, userId: passwordTokens.userId, kind: passwordTokens.kind })
      .from(passwordTokens)
      .innerJoin(users, eq(users.id, passwordTokens.userId))
      .where(
        and(
          eq(passwordTokens.tokenHash, sha256(input.token)),
          eq(users.email, email),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, now),
        ),
      )
      .for('update');
    if (!row) {
      throw AppError.invalid(
        'token',
        'This link is invalid, has expired or has already been used. Request a new one.',
      );
    }
    await setPasswordFromLink(tx, { id: row.id, userId: row.userId, passwordHash, now });
    return {
      message:
        row.kind === 'invite'
          ? 'Invite accepted! You can now sign in with your new password.'
          : 'Password successfully reset! You can now sign in with your new password.',
    };
  });
}
