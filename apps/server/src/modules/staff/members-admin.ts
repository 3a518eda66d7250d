import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type {
  CreateMemberRequest,
  StaffMemberDetail,
  StaffMemberRow,
  UpdateMemberRequest,
  UpdateSubscriptionRequest,
} from '@th/contracts';
import type { AppContext, AuthContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { subscriptions, tradingAccounts, userRoles, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { pauseBarredBots } from '../alphaorb/index.ts';
import { putMembership, TRIAL_ENDED_REASON } from '../billing/index.ts';
import { insertMember, replaceRoles, setPermissions, setStanding } from '../members/index.ts';
import { remindPassword, sendInviteTo } from '../auth/index.ts';
import { recordAudit } from './audit.ts';

const PLAN_NAMES: Record<string, string> = {
  founding: 'Founding Member',
  trader: 'Trader',
  automation: 'Trader + Automation',
  staff: 'Staff',
};

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  status: users.status,
  suspendedReason: users.suspendedReason,
  permissions: users.permissions,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  invitePending: sql<boolean>`${users.passwordHash} is null`,
  plan: subscriptions.planName,
  subscriptionStatus: subscriptions.status,
  vendor: subscriptions.vendor,
  linkedAccounts: sql<number>`(select count(*)::int from ${tradingAccounts} where ${tradingAccounts.userId} = ${users.id})`,
  roles: sql<string[]>`coalesce((select array_agg(${userRoles.roleName} order by ${userRoles.roleName}) from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}')`,
};

type MemberRecord = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: 'active' | 'suspended';
  suspendedReason: string | null;
  permissions: string[];
  lastLoginAt: Date | null;
  createdAt: Date;
  invitePending: boolean;
  plan: string | null;
  subscriptionStatus: string | null;
  vendor: string | null;
  linkedAccounts: number;
  roles: string[];
};

function toRow(record: MemberRecord): StaffMemberRow {
  const name = [record.firstName, record.lastName].filter(Boolean).join(' ');
  return {
    id: record.id,
    name: name || record.email,
    email: record.email,
    status: record.status,
    suspended_reason: record.suspendedReason,
    plan: record.plan,
    subscription_status: record.subscriptionStatus,
    vendor: record.vendor,
    last_login: record.lastLoginAt?.toISOString() ?? null,
    linked_accounts: Number(record.linkedAccounts),
    roles: record.roles,
    permissions: record.permissions,
    invite_pending: record.invitePending,
    created_at: record.createdAt.toISOString(),
  };
}

export async function listMembers(
  ctx: AppContext,
  query: { search?: string; status?: 'active' | 'suspended'; page: number; per_page: number },
) {
  const pattern = query.search ? `%${query.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
    query.status ? eq(users.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(memberColumns)
      .from(users)
      .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.email))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    ctx.db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    data: rows.map(toRow),
    meta: {
      page: query.page,
      per_page: query.per_page,
      total: total!.n,
      total_pages: Math.max(1, Math.ceil(total!.n / query.per_page)),
    },
  };
}

async function loadMember(db: Executor, id: string): Promise<StaffMemberDetail> {
  const uuid = /^[0-9a-f-]{36}$/i.test(id) ? id : null;
  const [record] = uuid
    ? await db
        .select({
          ...memberColumns,
          sub: {
            vendor: subscriptions.vendor,
            planKey: subscriptions.planKey,
            planName: subscriptions.planName,
            status: subscriptions.status,
            currentPeriodEnd: subscriptions.currentPeriodEnd,
            stripeSubscriptionId: subscriptions.stripeSubscriptionId,
          },
        })
        .from(users)
        .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
        .where(eq(users.id, uuid))
    : [];
  if (!record) throw new AppError('not_found', 'Member not found.');
  return {
    ...toRow(record),
    first_name: record.firstName,
    last_name: record.lastName,
    phone: record.phone,
    subscription: record.sub?.vendor
      ? {
          vendor: record.sub.vendor,
          plan_key: record.sub.planKey!,
          plan_name: record.sub.planName!,
          status: record.sub.status!,
          current_period_end: record.sub.currentPeriodEnd?.toISOString() ?? null,
          stripe_subscription_id: record.sub.stripeSubscriptionId,
        }
      : null,
  };
}

export const getMember = (ctx: AppContext, id: string) => loadMember(ctx.db, id);

/**
 * Creates a member bought elsewhere (e.g. skool) without a password; the invite e-mail lets
 * them choose one.
 */
export async function createMember(ctx: AppContext, actor: AuthContext, input: CreateMemberRequest) {
  const email = input.email.toLowerCase();
  const created = await ctx.db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) throw AppError.invalid('email', 'A member with this email already exists.');
    const user = await insertMember(tx, { email, firstName: input.first_name, lastName: input.last_name });
    await putMembership(tx, user.id, {
      vendor: input.vendor,
      planKey: input.plan_key,
      planName: PLAN_NAMES[input.plan_key]!,
      status: 'active',
      interval: 'year',
      currentPeriodEnd: new Date(ctx.now().getTime() + 365 * 86_400_000),
    });
    const member = await loadMember(tx, user.id);
    await recordAudit(tx, actor, { action: 'member.created', subjectType: 'member', subjectId: user.id, after: member });
    return member;
  });
  if (input.send_invite !== false) await sendInviteTo(ctx, created.id, created.email);
  return { message: input.send_invite === false ? 'Member created.' : 'Member created and invite sent.', data: created };
}

/** After a change that may take away the right to run bots: pause them, on the record. */
async function pauseBotsIfBarred(ctx: AppContext, actor: AuthContext, id: string) {
  const bots = await pauseBarredBots(ctx, id);
  if (bots.length === 0) return;
  await recordAudit(ctx.db, actor, { action: 'alphaorb.bots_paused', subjectType: 'member', subjectId: id, after: { bots } });
}

export async function updateMember(ctx: AppContext, actor: AuthContext, id: string, input: UpdateMemberRequest) {
  const result = await ctx.db.transaction(async (tx) => {
    const before = await loadMember(tx, id);
    if (before.id === actor.userId && input.status === 'suspended') {
      throw AppError.invalid('status', 'You cannot suspend your own account.');
    }
    if (input.status) {
      const suspendedReason = input.status === 'suspended' ? input.suspended_reason : null;
      await setStanding(tx, [before.id], { status: input.status, suspendedReason }, ctx.now());
    }
    if (input.permissions) await setPermissions(tx, before.id, input.permissions, ctx.now());
    const after = await loadMember(tx, id);
    await recordAudit(tx, actor, { action: 'member.updated', subjectType: 'member', subjectId: id, before, after });
    return { message: 'Member updated.', data: after };
  });
  await pauseBotsIfBarred(ctx, actor, result.data.id);
  return result;
}

export async function setRoles(ctx: AppContext, actor: AuthContext, id: string, roles: string[]) {
  const result = await ctx.db.transaction(async (tx) => {
    const before = await loadMember(tx, id);
    if (before.id === actor.userId && !roles.includes('admin') && before.roles.includes('admin')) {
      throw AppError.invalid('roles', 'You cannot remove your own administrator role.');
    }
    await replaceRoles(tx, before.id, roles);
    const after = await loadMember(tx, id);
    await recordAudit(tx, actor, { action: 'member.roles_changed', subjectType: 'member', subjectId: id, before, after });
    return { message: 'Roles updated.', data: after };
  });
  await pauseBotsIfBarred(ctx, actor, result.data.id);
  return result;
}

/** Memberships billed outside Stripe (internal, skool) are edited here; Stripe ones in Stripe. */
export async function setSubscription(
  ctx: AppContext,
  actor: AuthContext,
  id: string,
  input: UpdateSubscriptionRequest,
) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadMember(tx, id);
    if (before.subscription?.vendor === 'stripe') {
      throw AppError.invalid('vendor', 'This membership is billed through Stripe; change it in Stripe.');
    }
    const currentPeriodEnd = input.current_period_end ? new Date(input.current_period_end) : null;
    const values = {
      vendor: input.vendor,
      planKey: input.plan_key,
      planName: PLAN_NAMES[input.plan_key]!,
      status: input.status,
      currentPeriodEnd,
      // A trial ends at its period end: setting a later one extends it, and re-arms its reminder.
      ...(input.status === 'trialing' && { trialEnd: currentPeriodEnd, trialRemindedAt: null }),
      updatedAt: ctx.now(),
    };
    await putMembership(tx, before.id, values);
    // A member confined because their trial ended gets access back with a healthy membership.
    if (['active', 'trialing', 'past_due'].includes(input.status)) {
      await setStanding(tx, [before.id], { status: 'active', suspendedReason: null }, ctx.now(), {
        suspendedReason: TRIAL_ENDED_REASON,
      });
    }
    const after = await loadMember(tx, id);
    await recordAudit(tx, actor, { action: 'member.subscription_changed', subjectType: 'member', subjectId: id, before, after });
    return { message: 'Membership updated.', data: after };
  });
}

/** Sends the invite (no password yet) or a reset link (has one), and logs that staff did it. */
export async function sendAccessEmail(ctx: AppContext, actor: AuthContext, id: string) {
  const member = await loadMember(ctx.db, id);
  if (member.invite_pending) await sendInviteTo(ctx, member.id, member.email);
  else await remindPassword(ctx, { email: member.email });
  await recordAudit(ctx.db, actor, {
    action: member.invite_pending ? 'member.invite_sent' : 'member.reset_sent',
    subjectType: 'member',
    subjectId: id,
  });
  return { message: member.invite_pending ? 'Invite e-mail sent.' : 'Password reset e-mail sent.' };
}
