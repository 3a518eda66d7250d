/**
 * Community moderation: members report posts and replies (once each, never their own); staff
 * work the open reports by hiding the post, deleting it (service.deletePost) or dismissing the
 * reports, and mute or suspend members. Every staff action is written to the staff audit log in
 * the transaction that makes it.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CommunityRestriction, ReportedPost, ReportPostRequest, ReportReason, RestrictionKind, RestrictMemberRequest } from '@th/contracts';
import type { AppContext, AuthContext } from '../../context.ts';
import { rowsOf } from '../../db/rows.ts';
import { communityFeedEvents, communityPosts, communityReports, communityRestrictions, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../staff/index.ts';
import { iso, POST_NOT_FOUND, postIdOf, visiblePost } from './service.ts';
import { restrictionInForce, type Viewer } from './viewer.ts';
import { isUuid } from '../../lib/ids.ts';

const MEMBER_NOT_FOUND = 'Member not found.';
const kindOf = (post: { parentId: number | null }) => (post.parentId === null ? 'post' : 'reply');

// ---------------------------------------------------------------------------------------------
// Reports

export async function reportPost(ctx: AppContext, viewer: Viewer, postId: string, body: ReportPostRequest) {
  const { post } = await visiblePost(ctx.db, viewer, postId);
  const kind = kindOf(post);
  if (post.userId === viewer.userId) throw new AppError('forbidden', `You cannot report your own ${kind}.`);
  const inserted = await ctx.db
    .insert(communityReports)
    .values({ postId: post.id, userId: viewer.userId, reason: body.reason, note: body.note, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ id: communityReports.id });
  if (inserted.length === 0) throw new AppError('conflict', `You have already reported this ${kind}. Staff will review it.`);
  return { message: `Thanks: staff will review this ${kind}.` };
}

type ReportedSqlRow = {
  id: string | number;
  parent_id: string | number | null;
  body_html: string;
  has_shared_trade: boolean;
  created_at: Date | string;
  hidden: boolean;
  channel_name: string;
  channel_slug: string;
  author_id: string;
  author_name: string | null;
  author_email: string;
  reports: Array<{ reporter_id: string; reporter_name: string | null; reason: ReportReason; note: string; created_at: string }> | string;
};

const nameOf = (sqlName: string) => sql.raw(`nullif(trim(concat_ws(' ', ${sqlName}.first_name, ${sqlName}.last_name)), '')`);

/**
 * The staff queue: posts with open reports, longest waiting first, each with every open
 * report; or the posts moderators hid, latest first, with the reports that led there.
 */
export async function listReports(ctx: AppContext, view: 'open' | 'hidden'): Promise<ReportedPost[]> {
  const open = view === 'open';
  const result = await ctx.db.execute(sql`
    select p.id::text as id, p.parent_id::text as parent_id, p.body_html, p.shared_trade is not null as has_shared_trade,
      p.created_at, p.hidden_at is not null as hidden, ch.name as channel_name, ch.slug as channel_slug,
      u.id as author_id, ${nameOf('u')} as author_name, u.email as author_email,
      coalesce(json_agg(json_build_object('reporter_id', r.user_id, 'reporter_name', ${nameOf('ru')}, 'reason', r.reason,
                                          'note', r.note, 'created_at', r.created_at) order by r.created_at)
               filter (where r.id is not null), '[]'::json) as reports
    from community_posts p
      join community_channels ch on ch.id = p.channel_id
      join users u on u.id = p.user_id
      left join community_reports r on r.post_id = p.id ${open ? sql`and r.resolved_at is null` : sql``}
      left join users ru on ru.id = r.user_id
    where ${open ? sql`p.id in (select post_id from community_reports where resolved_at is null)` : sql`p.hidden_at is not null`}
    group by p.id, ch.id, u.id
    order by ${open ? sql`min(r.created_at) asc` : sql`p.hidden_at desc`}
    limit 200`);
  return rowsOf<ReportedSqlRow>(result).map((row) => ({
    post: {
      id: Number(row.id),
      parent_id: row.parent_id === null ? null : Number(row.parent_id),
      body_html: row.body_html,
      has_shared_trade: row.has_shared_trade,
      created_at: iso(row.created_at),
      hidden: row.hidden,
    },
    channel: { name: row.channel_name, slug: row.channel_slug },
    author: { id: row.author_id, name: row.author_name ?? 'Member', email: row.author_email },
    reports: (typeof row.reports === 'string' ? (JSON.parse(row.reports) as Exclude<ReportedSqlRow['reports'], string>) : row.reports).map((report) => ({
      reporter: { id: report.reporter_id, name: report.reporter_name ?? 'Member' },
      reason: report.reason,
      note: report.note,
      created_at: iso(report.created_at),
    })),
  }));
}

async function postForStaff(ctx: AppContext, postId: string) {
  const id = postIdOf(postId);
  const [post] = id === null ? [] : await ctx.db.select().from(communityPosts).where(eq(communityPosts.id, id));
  if (!post) throw new AppError('not_found', POST_NOT_FOUND);
  return post;
}

const openReportsOf = (postId: number) => and(eq(communityReports.postId, postId), isNull(communityReports.resolvedAt));

/**
 * Hides a post from members (its open reports are resolved as hidden), or shows it again; the
 * live feed tells the channel's open screens (community_feed_events).
 */
export async function hidePost(ctx: AppContext, auth: AuthContext, postId: string, hidden: boolean) {
  const post = await postForStaff(ctx, postId);
  const kind = kindOf(post);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(communityPosts)
      .set({ hiddenAt: hidden ? (post.hiddenAt ?? ctx.now()) : null })
      .where(eq(communityPosts.id, post.id));
    // Channels open on any instance take the post off members' screens (or show it again).
    if ((post.hiddenAt !== null) !== hidden)
      await tx
        .insert(communityFeedEvents)
        .values({ channelId: post.channelId, postId: post.id, parentId: post.parentId, authorId: post.userId, kind: hidden ? 'hidden' : 'shown', createdAt: ctx.now() });
    const resolved = hidden
      ? await tx.update(communityReports).set({ resolvedAt: ctx.now(), resolution: 'hidden' }).where(openReportsOf(post.id)).returning({ id: communityReports.id })
      : [];
    await recordAudit(tx, auth, {
      action: hidden ? 'community.post.hidden' : 'community.post.unhidden',
      subjectType: 'community_post',
      subjectId: String(post.id),
      before: { hidden: post.hiddenAt !== null },
      after: { hidden, author_id: post.userId, channel_id: post.channelId, reports_resolved: resolved.length },
    });
  });
  return { message: hidden ? `The ${kind} is hidden from members.` : `The ${kind} is visible again.` };
}

/** Closes a post's open reports without acting on the post. */
export async function dismissReports(ctx: AppContext, auth: AuthContext, postId: string) {
  const post = await postForStaff(ctx, postId);
  await ctx.db.transaction(async (tx) => {
    const dismissed = await tx
      .update(communityReports)
      .set({ resolvedAt: ctx.now(), resolution: 'dismissed' })
      .where(openReportsOf(post.id))
      .returning({ reason: communityReports.reason, userId: communityReports.userId });
    if (dismissed.length === 0) throw new AppError('not_found', `This ${kindOf(post)} has no open reports.`);
    await recordAudit(tx, auth, {
      action: 'community.reports.dismissed',
      subjectType: 'community_post',
      subjectId: String(post.id),
      after: { author_id: post.userId, reports: dismissed.map((report) => ({ reporter_id: report.userId, reason: report.reason })) },
    });
  });
  return { message: 'Reports dismissed.' };
}

// ---------------------------------------------------------------------------------------------
// Mutes and suspensions

const restrictionColumns = {
  kind: communityRestrictions.kind,
  until: communityRestrictions.until,
  reason: communityRestrictions.reason,
  createdAt: communityRestrictions.createdAt,
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};
type RestrictionRow = { kind: RestrictionKind; until: Date | null; reason: string; createdAt: Date; id: string; email: string; firstName: string | null; lastName: string | null };

const restrictionOf = (row: RestrictionRow): CommunityRestriction => ({
  member: { id: row.id, name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email, email: row.email },
  kind: row.kind,
  until: row.until === null ? null : row.until.toISOString(),
  reason: row.reason,
  created_at: row.createdAt.toISOString(),
});

/** Members muted (until a moment still to come) or suspended, newest first. */
export async function listRestrictions(ctx: AppContext): Promise<CommunityRestriction[]> {
  const rows = await ctx.db
    .select(restrictionColumns)
    .from(communityRestrictions)
    .innerJoin(users, eq(users.id, communityRestrictions.userId))
    .where(restrictionInForce(ctx.now()))
    .orderBy(sql`${communityRestrictions.createdAt} desc`);
  return rows.map(restrictionOf);
}

/** Mutes a member for the hours chosen, or suspends them until lifted; a second mute replaces the first. */
export async function restrictMember(ctx: AppContext, auth: AuthContext, userId: string, body: RestrictMemberRequest): Promise<CommunityRestriction> {
  const [member] = isUuid(userId) ? await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)) : [];
  if (!member) throw new AppError('not_found', MEMBER_NOT_FOUND);
  if (member.id === auth.userId) throw AppError.invalid('kind', 'You cannot mute or suspend yourself.');
  const until = body.kind === 'muted' ? new Date(ctx.now().getTime() + body.hours! * 3_600_000) : null;
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(communityRestrictions)
      .values({ userId: member.id, kind: body.kind, until, reason: body.reason, createdAt: ctx.now() })
      .onConflictDoUpdate({
        target: [communityRestrictions.userId, communityRestrictions.kind],
        set: { until, reason: body.reason, createdAt: ctx.now() },
      });
    await recordAudit(tx, auth, {
      action: `community.member.${body.kind}`,
      subjectType: 'member',
      subjectId: member.id,
      after: { until: until?.toISOString() ?? null, hours: body.hours, reason: body.reason },
    });
  });
  const [row] = await ctx.db
    .select(restrictionColumns)
    .from(communityRestrictions)
    .innerJoin(users, eq(users.id, communityRestrictions.userId))
    .where(and(eq(communityRestrictions.userId, member.id), eq(communityRestrictions.kind, body.kind)));
  return restrictionOf(row!);
}

const LIFTED = { muted: 'Mute lifted: the member can post again.', suspended: 'Suspension lifted: the member can read and post again.' };
const NOT_RESTRICTED = { muted: 'This member is not muted.', suspended: 'This member is not suspended.' };

export async function liftRestriction(ctx: AppContext, auth: AuthContext, userId: string, kind: RestrictionKind) {
  if (!isUuid(userId)) throw new AppError('not_found', NOT_RESTRICTED[kind]);
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(communityRestrictions)
      .where(and(eq(communityRestrictions.userId, userId), eq(communityRestrictions.kind, kind)))
      .returning();
    if (!removed) throw new AppError('not_found', NOT_RESTRICTED[kind]);
    await recordAudit(tx, auth, {
      action: `community.member.${kind === 'muted' ? 'mute' : 'suspension'}_lifted`,
      subjectType: 'member',
      subjectId: userId,
      before: { until: removed.until?.toISOString() ?? null, reason: removed.reason },
    });
  });
  return { message: LIFTED[kind] };
}
