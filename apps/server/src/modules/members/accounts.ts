/**
 * The writes other modules make to a member's account (users, roles, sign-in tokens and
 * password links): the members module owns those tables, so sign-in (auth), joining (join),
 * billing and the staff console change them only through these functions. Each takes the
 * caller's transaction where the change belongs to a larger one.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { apiTokens, passwordTokens, userRoles, users } from '../../db/schema/index.ts';

type NewMember = typeof users.$inferInsert;
type PasswordLinkKind = 'reset' | 'invite';

/** Inserts a member record; returns it (a unique e-mail violation is the caller's to word). */
export async function insertMember(db: Executor, values: NewMember) {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

/** A new sign-in: its token (stored hashed) and the member's last sign-in time. */
export async function openSession(
  db: Executor,
  session: { userId: string; tokenHash: string; name: string; expiresAt: Date; now: Date },
) {
  await db.insert(apiTokens).values({
    userId: session.userId,
    tokenHash: session.tokenHash,
    name: session.name,
    expiresAt: session.expiresAt,
    lastUsedAt: session.now,
  });
  await db.update(users).set({ lastLoginAt: session.now }).where(eq(users.id, session.userId));
}

/** Signs out one device (the token a request was made with). */
export async function closeSession(db: Executor, tokenId: number) {
  await db.delete(apiTokens).where(eq(apiTokens.id, tokenId));
}

/** Stores a new password link; the previous unused link of the same kind stops working. */
export async function replacePasswordLink(
  db: Executor,
  link: { userId: string; kind: PasswordLinkKind; tokenHash: string; expiresAt: Date; now: Date },
) {
  await db
    .update(passwordTokens)
    .set({ usedAt: link.now })
    .where(
      and(eq(passwordTokens.userId, link.userId), eq(passwordTokens.kind, link.kind), isNull(passwordTokens.usedAt)),
    );
  await db.insert(passwordTokens).values({
    userId: link.userId,
    kind: link.kind,
    tokenHash: link.tokenHash,
    expiresAt: link.expiresAt,
  });
}

/** A password link is used: the member's new password is set and every device signed out. */
export async function setPasswordFromLink(
  db: Executor,
  link: { id: number; userId: string; passwordHash: string; now: Date },
) {
  await db.update(passwordTokens).set({ usedAt: link.now }).where(eq(passwordTokens.id, link.id));
  await db
    .update(users)
    .set({ passwordHash: link.passwordHash, updatedAt: link.now })
    .where(eq(users.id, link.userId));
  // A new password signs out every device that knew the old one.
  await db.delete(apiTokens).where(eq(apiTokens.userId, link.userId));
}

/**
 * What a membership's state allows: in (active) or confined to the account area, and why
 * (a reason left undefined keeps the one recorded).
 */
export type Standing = { status: 'active' | 'suspended'; suspendedReason?: string | null };

/**
 * Sets the standing of members. `onlyIf` limits it to members whose status (or suspension
 * reason) is still the one the caller saw, so a later, deliberate change is not overwritten.
 */
export async function setStanding(
  db: Executor,
  userIds: string[],
  standing: Standing & { stripeCustomerId?: string },
  now: Date,
  onlyIf: { status?: 'active'; suspendedReason?: string } = {},
) {
  if (userIds.length === 0) return;
  await db
    .update(users)
    .set({ ...standing, updatedAt: now })
    .where(
      and(
        inArray(users.id, userIds),
        onlyIf.status ? eq(users.status, onlyIf.status) : undefined,
        onlyIf.suspendedReason ? eq(users.suspendedReason, onlyIf.suspendedReason) : undefined,
      ),
    );
}

/** Staff change a member's direct permissions. */
export async function setPermissions(db: Executor, userId: string, permissions: string[], now: Date) {
  await db
    .update(users)
    .set({ permissions: [...new Set(permissions)], updatedAt: now })
    .where(eq(users.id, userId));
}

/** Staff replace a member's roles with these. */
export async function replaceRoles(db: Executor, userId: string, roles: string[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roles.length > 0) {
    await db.insert(userRoles).values([...new Set(roles)].map((roleName) => ({ userId, roleName })));
  }
}
