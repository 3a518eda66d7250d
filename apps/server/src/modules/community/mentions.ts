/**
 * @mentions: the names a member may mention in a channel (those who can read it: members in
 * good standing, and only staff in a staff-only channel; never an e-mail), the mentions a post
 * keeps once settled against them, and the notice each mentioned member gets once per post.
 */
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { MENTION_SUGGESTIONS, StaffPermissions, type MentionCandidate } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { communityPosts, communityRestrictions, roles, userRoles, users } from '../../db/schema/index.ts';
import { mentionedIds, sanitizePostHtml } from '../../lib/html.ts';
import { notify } from '../notifications/index.ts';
import { noticeExcerpt } from './reply-notices.ts';
import type { Viewer } from './viewer.ts';
import { restrictionInForce, suspendedAmong } from './viewer.ts';

type Channel = { id: string; name: string; slug: string; staffOnly: boolean };

/** At most this many people mentioned in one post are told (and kept as mentions). */
const MENTIONS_PER_POST = 20;

const nameOf = sql<string>`trim(concat_ws(' ', ${users.firstName}, ${users.lastName}))`;

/** A staff member, by a direct permission or a role's (the same rule as sign-in's). */
const isStaff = sql<boolean>`(${StaffPermissions.community} = any(${users.permissions}) or exists (
  select 1 from ${userRoles} join ${roles} on ${roles.name} = ${userRoles.roleName}
  where ${userRoles.userId} = ${users.id} and ${StaffPermissions.community} = any(${roles.permissions})))`;

/** Who can read the channel: an active account, not suspended from the community; staff only in a staff-only channel. */
function readersOf(ctx: AppContext, channel: Channel): SQL {
  const suspended = ctx.db
    .select({ one: sql`1` })
    .from(communityRestrictions)
    .where(and(eq(communityRestrictions.userId, users.id), eq(communityRestrictions.kind, 'suspended'), restrictionInForce(ctx.now())));
  return and(eq(users.status, 'active'), sql`not exists ${suspended}`, channel.staffOnly ? isStaff : undefined)!;
}

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Up to 8 people the viewer may mention here whose first or last name (or full name) starts with `query`; mentors first. */
export async function mentionable(ctx: AppContext, viewer: Viewer, channel: Channel, query: string): Promise<MentionCandidate[]> {
  const prefix = likePrefix(query.trim());
  const rows = await ctx.db
    .select({ id: users.id, name: nameOf, mentor: isStaff })
    .from(users)
    .where(
      and(
        readersOf(ctx, channel),
        ne(users.id, viewer.userId),
        sql`${nameOf} <> ''`,
        sql`(${users.firstName} ilike ${prefix} or ${users.lastName} ilike ${prefix} or ${nameOf} ilike ${prefix})`,
      ),
    )
    .orderBy(sql`${isStaff} desc`, nameOf, users.id)
    .limit(MENTION_SUGGESTIONS);
  return rows.map((row) => ({ id: row.id, name: row.name, mentor: Boolean(row.mentor) }));
}

/**
 * A sanitized post body with its mentions settled: only people who can read the channel stay
 * mentioned (under their current name); any other mention becomes plain text.
 */
export async function settleMentions(ctx: AppContext, channel: Channel, html: string): Promise<{ html: string; userIds: string[] }> {
  const ids = mentionedIds(html).slice(0, MENTIONS_PER_POST);
  const rows =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: users.id, name: nameOf })
          .from(users)
          .where(and(inArray(users.id, ids), readersOf(ctx, channel), sql`${nameOf} <> ''`));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  if (mentionedIds(html).length === 0) return { html, userIds: [] };
  return { html: sanitizePostHtml(html, names) ?? '', userIds: [...names.keys()] };
}

export type MentionNotice = {
  channel: Channel;
  postId: number;
  threadId: number;
  author: { id: string; name: string };
  html: string;
  userIds: string[];
  /** Posts whose authors the reply notice already tells: they hear of this post once. */
  answeredIds: number[];
};

/** "Someone mentioned you": once per post and member (an edit adding a mention tells only the newcomer). */
export async function noticeOfMentions(ctx: AppContext, notice: MentionNotice) {
  let userIds = notice.userIds.filter((id) => id !== notice.author.id);
  if (userIds.length === 0) return;
  if (notice.answeredIds.length > 0) {
    const answered = await ctx.db.selectDistinct({ userId: communityPosts.userId }).from(communityPosts).where(inArray(communityPosts.id, notice.answeredIds));
    const told = new Set(answered.map((row) => row.userId));
    userIds = userIds.filter((id) => !told.has(id));
  }
  const barred = await suspendedAmong(ctx, userIds);
  userIds = userIds.filter((id) => !barred.has(id));
  if (userIds.length === 0) return;
  await notify(ctx, {
    userIds,
    kind: 'community',
    eventKey: `mention:${notice.postId}`,
    title: `${notice.author.name} mentioned you in #${notice.channel.name}`,
    body: noticeExcerpt(notice.html),
    link: `/community/${notice.channel.slug}?thread=${notice.threadId}`,
  });
}

/** Tells the mentioned once the post is saved: a notice that cannot be queued is logged, never the writer's error. */
export async function tellMentioned(ctx: AppContext, notice: MentionNotice) {
  await noticeOfMentions(ctx, notice).catch((error: unknown) => {
    ctx.log.error({ err: error, post: notice.postId }, 'community: the mention notice could not be queued');
    ctx.errors.capture(error, { job: 'notify' });
  });
}
