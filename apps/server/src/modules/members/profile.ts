import { eq, sql } from 'drizzle-orm';
import type { Profile } from '@th/contracts';
import type { AppContext, AuthContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { roles, subscriptions, userRoles, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { memberAnswer } from '../../lib/revisioned-answers.ts';
import { listLinkedAccounts } from '../trading-accounts/index.ts';

const ACCESS_BY_PLAN: Record<string, string> = {
  founding: 'All live streams, courses, tools and community',
  trader: 'All live streams, courses, tools and community',
  automation: 'Everything in Trader plus AlphaORB automation',
  staff: 'Full access',
};

/** The member with their subscription and roles, in one statement (every page load asks). */
const profileQuery = prepared((db) =>
  db
    .select({
      user: users,
      subscription: subscriptions,
      roles: sql<Array<{ name: string; label: string; permissions: string[] }>>`coalesce((
        select json_agg(json_build_object('name', ${roles.name}, 'label', ${roles.label}, 'permissions', ${roles.permissions})
          order by ${roles.name})
        from ${userRoles} join ${roles} on ${roles.name} = ${userRoles.roleName}
        where ${userRoles.userId} = ${users.id}), '[]'::json)`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('profile'),
);

export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [[row], linked] = await Promise.all([profileQuery(db).execute({ userId }), listLinkedAccounts(db, userId)]);
  if (!row) throw new AppError('unauthenticated', 'Unauthenticated.');
  const { user, subscription, roles: memberRoles } = row;
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    username: user.email,
    email: user.email,
    phone: user.phone,
    birthday: user.birthday,
    avatar: user.avatar,
    timezone: user.timezone,
    created_at: user.createdAt.toISOString(),
    last_login: user.lastLoginAt?.toISOString() ?? null,
    status: user.status,
    permissions: user.permissions,
    roles: memberRoles,
    subscription: subscription
      ? {
          plan: subscription.planName,
          renewal_date: subscription.currentPeriodEnd?.toISOString() ?? null,
          vendor: subscription.vendor,
          access: ACCESS_BY_PLAN[subscription.planKey] ?? 'Member access',
          status: subscription.status,
          cancel_at_period_end: subscription.cancelAtPeriodEnd,
          cancel_at: subscription.cancelAt?.toISOString() ?? null,
        }
      : null,
    linked_accounts: linked,
  };
}

/**
 * /api/me as every page load asks it: kept per member while the revisions it is built from have
 * not moved (read with the token: the user row, subscription and roles; the linked accounts move
 * the trade revision; their bot counts the bot revision), so a repeat costs no statement.
 */
export function keptProfile(ctx: AppContext, auth: Pick<AuthContext, 'userId' | 'profileRevision' | 'tradeRevision' | 'botRevision'>) {
  const version = `${auth.profileRevision}/${auth.tradeRevision}/${auth.botRevision}`;
  return memberAnswer(ctx, auth.userId, 'profile', version, async () => ({ data: await getProfile(ctx.db, auth.userId) }));
}

type DetailsInput = { first_name?: string; last_name?: string; phone?: string; birthday?: string; timezone?: string };

export async function updateDetails(ctx: AppContext, userId: string, input: DetailsInput) {
  const changes = {
    // A field sent blank (only spaces) clears it rather than storing an empty name.
    ...(input.first_name !== undefined && { firstName: input.first_name || null }),
    ...(input.last_name !== undefined && { lastName: input.last_name || null }),
    ...(input.phone !== undefined && { phone: input.phone || null }),
    ...(input.birthday !== undefined && { birthday: input.birthday }),
    ...(input.timezone !== undefined && { timezone: input.timezone }),
  };
  if (Object.keys(changes).length > 0) {
    await ctx.db.update(users).set({ ...changes, updatedAt: ctx.now() }).where(eq(users.id, userId));
  }
  return { message: 'Details updated successfully.', data: await getProfile(ctx.db, userId) };
}
