/**
 * Community: channels staff create and order, posts and one-level replies with sanitized rich
 * text, reactions, pins, and trades shared from the journal. Members never see staff-only
 * channels (404, like a missing one) and cannot post in read-only ones (403); a post is edited
 * or deleted by its author only (another member's post answers 404). A post hidden by a
 * moderator, and the replies under it, are gone for members but its author and staff.
 */
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  POST_MAX_TEXT,
  POSTS_PER_PAGE,
  type ChannelPage,
  type CommunityChannel,
  type CommunityChannelRequest,
  type CommunityPost,
  type CommunityPostRequest,
  type PostImage,
  type ReactionCount,
  type Reaction,
  type SharedTradeCard,
  type ShareTradeRequest,
} from '@th/contracts';
import { moneyText, rMultipleOf, TRADE_TIME_ZONE } from '@th/domain';
import type { AppContext, AuthContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { communityChannels, communityFeedEvents, communityPosts, communityReactions, communityReads } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { richTextWords, sanitizePostHtml, sanitizeRichText } from '../../lib/html.ts';
import { tradeNoteOf } from '../journals/index.ts';
import { recordAudit } from '../staff/index.ts';
import { findMemberTrade, toTrade } from '../trades/index.ts';
import { settleMentions, tellMentioned } from './mentions.ts';
import { hasImages, insertPostImages, type PostImageUpload } from './image-uploads.ts';
import { noticeOfReply } from './reply-notices.ts';
import { checkNotMuted, viewerOf, type Viewer } from './viewer.ts';
import { isUuid } from '../../lib/ids.ts';

type ChannelRow = typeof communityChannels.$inferSelect;
/** What a channel's answer shows of its row. */
export type ChannelFields = Pick<ChannelRow, 'id' | 'name' | 'slug' | 'description' | 'staffOnly' | 'readOnly' | 'position'>;

/** At most this many pinned posts head a channel's first page. */
export const PINNED_PER_PAGE = 20;

export const CHANNEL_NOT_FOUND = 'Channel not found.';
export const POST_NOT_FOUND = 'Post not found.';
export const READ_ONLY_MESSAGE = 'This channel is read-only: only staff can post here.';

export const postIdOf = (value: string): number | null => (/^\d{1,15}$/.test(value) ? Number(value) : null);
export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function channelOf(row: ChannelFields, viewer: Viewer, unread = 0): CommunityChannel {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    staff_only: row.staffOnly,
    read_only: row.readOnly,
    position: row.position,
    unread_count: unread,
    can_post: viewer.staff || !row.readOnly,
  };
}

/** A channel the viewer may see, by slug; staff-only channels answer 404 to members. */
export async function visibleChannel(db: Executor, viewer: Viewer, slug: string): Promise<ChannelRow> {
  const [row] = await db.select().from(communityChannels).where(eq(communityChannels.slug, slug));
  if (!row || (row.staffOnly && !viewer.staff)) throw new AppError('not_found', CHANNEL_NOT_FOUND);
  return row;
}

/**
 * Whether the viewer sees post `p`: members do not see a hidden post, nor the replies under one,
 * unless they wrote it (the author of a hidden post keeps its thread); staff see everything
 * (marked hidden).
 */
export const seenBy = (viewer: Viewer) =>
  viewer.staff
    ? sql`true`
    : sql`(p.user_id = ${viewer.userId}::uuid
           or (p.hidden_at is null and not exists (select 1 from community_posts h
                where h.id = p.parent_id and h.hidden_at is not null and h.user_id <> ${viewer.userId}::uuid)))`;

/**
 * seenBy for top-level posts, which have no parent to be hidden: a plain condition on the row,
 * so the page reads its index in order and stops at 31 (with the parent check PostgreSQL sorted
 * the whole channel: 2 s a page at 300,000 posts).
 */
const topLevelSeenBy = (viewer: Viewer) => (viewer.staff ? sql`true` : sql`(p.user_id = ${viewer.userId}::uuid or p.hidden_at is null)`);

// ---------------------------------------------------------------------------------------------
// Channels

export async function listChannels(ctx: AppContext, viewer: Viewer): Promise<CommunityChannel[]> {
  const unread = sql<number>`(
    select count(*)::int from community_posts p
    where p.channel_id = community_channels.id
      and p.user_id <> ${viewer.userId}::uuid
      and ${seenBy(viewer)}
      and p.id > coalesce((select r.last_read_post_id from community_reads r
                           where r.user_id = ${viewer.userId}::uuid and r.channel_id = community_channels.id), 0))`;
  const rows = await ctx.db
    .select({ channel: communityChannels, unread })
    .from(communityChannels)
    .where(viewer.staff ? undefined : eq(communityChannels.staffOnly, false))
    .orderBy(asc(communityChannels.position), asc(communityChannels.name));
  return rows.map((row) => channelOf(row.channel, viewer, Number(row.unread)));
}

async function slugTaken(db: Executor, slug: string, exceptId?: string) {
  const [row] = await db.select({ id: communityChannels.id }).from(communityChannels).where(eq(communityChannels.slug, slug));
  return row !== undefined && row.id !== exceptId;
}

const SLUG_TAKEN = 'Another channel already uses this slug.';

export async function createChannel(ctx: AppContext, viewer: Viewer, body: CommunityChannelRequest): Promise<CommunityChannel> {
  if (await slugTaken(ctx.db, body.slug)) throw AppError.invalid('slug', SLUG_TAKEN);
  const [last] = await ctx.db.select({ max: sql<number | null>`max(${communityChannels.position})` }).from(communityChannels);
  const [row] = await ctx.db
    .insert(communityChannels)
    .values({
      name: body.name,
      slug: body.slug,
      description: body.description,
      staffOnly: body.staff_only,
      readOnly: body.read_only,
      position: Number(last?.max ?? -1) + 1,
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    })
    .returning();
  return channelOf(row!, viewer);
}

export async function updateChannel(ctx: AppContext, viewer: Viewer, channelId: string, body: CommunityChannelRequest): Promise<CommunityChannel> {
  if (!isUuid(channelId)) throw new AppError('not_found', CHANNEL_NOT_FOUND);
  if (await slugTaken(ctx.db, body.slug, channelId)) throw AppError.invalid('slug', SLUG_TAKEN);
  const [row] = await ctx.db
    .update(communityChannels)
    .set({ name: body.name, slug: body.slug, description: body.description, staffOnly: body.staff_only, readOnly: body.read_only, updatedAt: ctx.now() })
    .where(eq(communityChannels.id, channelId))
    .returning();
  if (!row) throw new AppError('not_found', CHANNEL_NOT_FOUND);
  return channelOf(row, viewer);
}

/** Puts the channels in the order given; every channel must be named once. */
export async function orderChannels(ctx: AppContext, viewer: Viewer, channelIds: string[]): Promise<CommunityChannel[]> {
  const all = await ctx.db.select({ id: communityChannels.id }).from(communityChannels);
  const known = new Set(all.map((row) => row.id));
  if (new Set(channelIds).size !== channelIds.length || channelIds.length !== known.size || channelIds.some((id) => !known.has(id)))
    throw AppError.invalid('channel_ids', 'List every channel exactly once, in its new order.');
  await ctx.db.transaction(async (tx) => {
    for (const [position, id] of channelIds.entries()) {
      await tx.update(communityChannels).set({ position, updatedAt: ctx.now() }).where(eq(communityChannels.id, id));
    }
  });
  return listChannels(ctx, viewer);
}

// ---------------------------------------------------------------------------------------------
// Posts

export type PostSqlRow = {
  id: string | number;
  channel_id: string;
  parent_id: string | number | null;
  user_id: string;
  author_name: string | null;
  mentor: boolean;
  body_html: string;
  shared_trade: SharedTradeCard | string | null;
  images: PostImage[] | string;
  pinned: boolean;
  created_at: Date | string;
  edited_at: Date | string | null;
  hidden: boolean;
  reply_count: number | string;
  reactions: ReactionCount[] | string | null;
};

const json = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function postOf(row: PostSqlRow, viewer: Viewer): CommunityPost {
  return {
    id: Number(row.id),
    channel_id: row.channel_id,
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    author: { id: row.user_id, name: row.author_name?.trim() || 'Member' },
    mentor: row.mentor,
    body_html: row.body_html,
    shared_trade: json(row.shared_trade),
    images: json(row.images) ?? [],
    pinned: row.pinned,
    created_at: iso(row.created_at),
    edited_at: row.edited_at === null ? null : iso(row.edited_at),
    reply_count: Number(row.reply_count),
    reactions: json(row.reactions) ?? [],
    mine: row.user_id === viewer.userId,
    hidden: row.hidden,
  };
}

/**
 * The columns of a post as members read it, with its reply count and reactions gathered in the
 * same statement (correlated subqueries on the parent and reaction keys).
 */
const postColumns = (viewer: Viewer) => sql`
  p.id::text as id, p.channel_id, p.parent_id::text as parent_id, p.user_id,
  nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as author_name,
  p.mentor, p.body_html, p.shared_trade, p.pinned, p.created_at, p.edited_at, p.hidden_at is not null as hidden,
  coalesce((
    select json_agg(json_build_object('id', i.id, 'alt', i.alt, 'content_type', i.content_type, 'size', i.size) order by i.position)
    from community_post_images i where i.post_id = p.id
  ), '[]'::json) as images,
  (select count(*)::int from community_posts c
    where c.parent_id = p.id and (${viewer.staff ? sql`true` : sql`false`} or c.hidden_at is null or c.user_id = ${viewer.userId}::uuid)) as reply_count,
  coalesce((
    select json_agg(json_build_object('reaction', x.reaction, 'count', x.n, 'mine', x.mine) order by x.reaction)
    from (select reaction, count(*)::int as n, bool_or(user_id = ${viewer.userId}::uuid) as mine
          from community_reactions where post_id = p.id group by reaction) x
  ), '[]'::json) as reactions`;

/** Cursor of keyset pagination: the last post's created_at (ms) and id. */
const cursorOf = (post: CommunityPost) => `${Date.parse(post.created_at)}_${post.id}`;
export type PageCursor = { at: Date; id: number };
export function parseCursor(value: string | undefined): PageCursor | null {
  if (!value) return null;
  const match = /^(\d{1,15})_(\d{1,15})$/.exec(value);
  if (!match) throw AppError.invalid('before', 'This page link is not valid: start again from the newest posts.');
  return { at: new Date(Number(match[1])), id: Number(match[2]) };
}

/** A page's rows as read: its part, and created_at in microseconds (exact order for merging). */
export type PageRow = PostSqlRow & { part: 'pinned' | 'page'; at_us: string };

/**
 * The top-level posts of a channel's page as `viewer` sees them, in one statement: the pinned
 * posts (first page only) and the next 31 other posts newest first (one more than a page: it
 * tells whether another page follows), each with its reply count and reactions. `only` narrows
 * both parts and `pageOnly` the second (page-answers.ts reads a member's own hidden posts so).
 */
export function pageRowsSql(viewer: Viewer, channelId: string, cursor: PageCursor | null, only = sql`true`, pageOnly = sql`true`) {
  const columns = postColumns(viewer);
  const after = cursor ? sql`and (p.created_at, p.id) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id})` : sql``;
  const atUs = sql`(extract(epoch from p.created_at) * 1000000)::bigint::text as at_us`;
  return sql`
    (select ${columns}, 'pinned' as part, ${atUs} from community_posts p join users u on u.id = p.user_id
      where p.channel_id = ${channelId} and p.parent_id is null and p.pinned and ${cursor === null} and ${topLevelSeenBy(viewer)} and ${only}
      order by p.created_at desc, p.id desc limit ${PINNED_PER_PAGE})
    union all
    (select ${columns}, 'page' as part, ${atUs} from community_posts p join users u on u.id = p.user_id
      where p.channel_id = ${channelId} and p.parent_id is null and not p.pinned and ${topLevelSeenBy(viewer)} and ${only} and ${pageOnly} ${after}
      order by p.created_at desc, p.id desc limit ${POSTS_PER_PAGE + 1})`;
}

export async function pageRows(db: Executor, viewer: Viewer, channelId: string, cursor: PageCursor | null) {
  return rowsOf<PageRow>(await db.execute(pageRowsSql(viewer, channelId, cursor)));
}

/** The page of `rows` (pinned ones and up to 31 others, newest first): 30 posts and the cursor of the next page. */
export function pageOf(channel: ChannelFields, viewer: Viewer, pinned: CommunityPost[], page: CommunityPost[]): ChannelPage {
  const posts = page.slice(0, POSTS_PER_PAGE);
  return {
    channel: channelOf(channel, viewer),
    pinned,
    posts,
    next_cursor: page.length > POSTS_PER_PAGE ? cursorOf(posts.at(-1)!) : null,
  };
}

/** A channel's page computed afresh for `viewer` (the kept answers of page-answers.ts give the same). */
export async function getChannelPage(ctx: AppContext, viewer: Viewer, slug: string, before?: string): Promise<ChannelPage> {
  const channel = await visibleChannel(ctx.db, viewer, slug);
  const rows = await pageRows(ctx.db, viewer, channel.id, parseCursor(before));
  const of = (part: PageRow['part']) => rows.filter((row) => row.part === part).map((row) => postOf(row, viewer));
  return pageOf(channel, viewer, of('pinned'), of('page'));
}

async function postsWhere(db: Executor, viewer: Viewer, where: ReturnType<typeof sql>, order = sql`p.created_at asc, p.id asc`) {
  const result = await db.execute(sql`select ${postColumns(viewer)} from community_posts p join users u on u.id = p.user_id where ${where} order by ${order}`);
  return rowsOf<PostSqlRow>(result).map((row) => postOf(row, viewer));
}

export async function postById(db: Executor, viewer: Viewer, id: number): Promise<CommunityPost> {
  const [post] = await postsWhere(db, viewer, sql`p.id = ${id}`);
  if (!post) throw new AppError('not_found', POST_NOT_FOUND);
  return post;
}

const parents = alias(communityPosts, 'parent');

/** A post the viewer may read: in a channel they can see, and not hidden from them. */
export async function visiblePost(db: Executor, viewer: Viewer, postId: string) {
  const id = postIdOf(postId);
  const [row] =
    id === null
      ? []
      : await db
          .select({ post: communityPosts, channel: communityChannels, parent: { hiddenAt: parents.hiddenAt, userId: parents.userId } })
          .from(communityPosts)
          .innerJoin(communityChannels, eq(communityChannels.id, communityPosts.channelId))
          .leftJoin(parents, eq(parents.id, communityPosts.parentId))
          .where(eq(communityPosts.id, id));
  if (!row || (row.channel.staffOnly && !viewer.staff)) throw new AppError('not_found', POST_NOT_FOUND);
  const hiddenParent = row.parent !== null && row.parent.hiddenAt !== null && row.parent.userId !== viewer.userId;
  if ((row.post.hiddenAt !== null || hiddenParent) && !viewer.staff && row.post.userId !== viewer.userId) throw new AppError('not_found', POST_NOT_FOUND);
  return { post: row.post, channel: row.channel };
}

/** One post or reply the viewer can read, as its channel page shows it. */
export async function getPost(ctx: AppContext, viewer: Viewer, postId: string): Promise<CommunityPost> {
  const { post } = await visiblePost(ctx.db, viewer, postId);
  return postById(ctx.db, viewer, post.id);
}

export async function listReplies(ctx: AppContext, viewer: Viewer, postId: string): Promise<CommunityPost[]> {
  const { post } = await visiblePost(ctx.db, viewer, postId);
  return postsWhere(ctx.db, viewer, sql`p.parent_id = ${post.id} and ${seenBy(viewer)}`);
}

const SCRIPT = /<\s*(script|iframe|object|embed|style)\b|\son[a-z]+\s*=|javascript:|vbscript:|data:text\/html/i;

/**
 * A post's body as stored: scripts refused outright (not silently dropped, so the member knows),
 * then sanitized to formatting and links; empty and over-long bodies refused in the spec's words.
 */
export function cleanPostBody(html: string, field = 'body_html', allowEmpty = false): string {
  if (SCRIPT.test(html)) throw AppError.invalid(field, 'Posts cannot contain scripts or embedded code. Remove it and post again.');
  const clean = sanitizePostHtml(html) ?? '';
  const text = richTextWords(clean);
  if (text.length === 0 && !allowEmpty) throw AppError.invalid(field, 'Write something before posting.');
  if (text.length > POST_MAX_TEXT)
    throw AppError.invalid(field, `A post is at most ${POST_MAX_TEXT.toLocaleString('en-US')} characters (this one has ${text.length.toLocaleString('en-US')}).`);
  return text.length === 0 ? '' : clean;
}

function checkCanPost(channel: ChannelRow, viewer: Viewer) {
  if (channel.readOnly && !viewer.staff) throw new AppError('forbidden', READ_ONLY_MESSAGE);
}

/**
 * A new post or reply, with the images the member attached (see images.ts): the post and its
 * images are one transaction, so a refused image leaves no post and a post no stray image.
 */
export async function createPost(
  ctx: AppContext,
  viewer: Viewer,
  slug: string,
  body: CommunityPostRequest,
  images: readonly PostImageUpload[] = [],
): Promise<CommunityPost> {
  const channel = await visibleChannel(ctx.db, viewer, slug);
  checkCanPost(channel, viewer);
  checkNotMuted(viewer);
  let parentId: number | null = null;
  if (body.parent_id !== null && body.parent_id !== undefined) {
    const [parent] = await ctx.db
      .select({ id: communityPosts.id, parentId: communityPosts.parentId, userId: communityPosts.userId, hiddenAt: communityPosts.hiddenAt })
      .from(communityPosts)
      .where(and(eq(communityPosts.id, body.parent_id), eq(communityPosts.channelId, channel.id)));
    const hiddenFromViewer = parent !== undefined && parent.hiddenAt !== null && !viewer.staff && parent.userId !== viewer.userId;
    if (!parent || hiddenFromViewer) throw AppError.invalid('parent_id', 'The post you are replying to no longer exists.');
    // Replies are one level deep: answering a reply answers its thread.
    parentId = parent.parentId ?? parent.id;
  }
  // An image may speak for itself: a post with images needs no text.
  const { html, userIds: mentioned } = await settleMentions(ctx, channel, cleanPostBody(body.body_html, 'body_html', images.length > 0));
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(communityPosts)
      .values({ channelId: channel.id, userId: viewer.userId, parentId, bodyHtml: html, mentor: viewer.staff, createdAt: ctx.now() })
      .returning({ id: communityPosts.id });
    await insertPostImages(tx, ctx.now(), { postId: inserted!.id, userId: viewer.userId }, images);
    return inserted;
  });
  const post = await postById(ctx.db, viewer, row!.id);
  const answeredIds = parentId === null ? [] : [...new Set([parentId, body.parent_id!])];
  if (parentId !== null) {
    // The reply is saved: a notice that cannot be queued is logged, never the replier's error.
    await noticeOfReply(ctx, { channel, answeredIds, replyId: row!.id, replier: post.author, replyHtml: html }).catch((error: unknown) => {
      ctx.log.error({ err: error, post: row!.id }, 'community: the reply notice could not be queued');
      ctx.errors.capture(error, { job: 'notify' });
    });
  }
  await tellMentioned(ctx, { channel, postId: row!.id, threadId: parentId ?? row!.id, author: post.author, html, userIds: mentioned, answeredIds });
  return post;
}

/** The viewer's own post (another member's answers 404 like a missing one). */
async function ownPost(db: Executor, viewer: Viewer, postId: string) {
  const row = await visiblePost(db, viewer, postId);
  if (row.post.userId !== viewer.userId) throw new AppError('not_found', POST_NOT_FOUND);
  return row;
}

export async function editPost(ctx: AppContext, viewer: Viewer, postId: string, bodyHtml: string): Promise<CommunityPost> {
  const { post, channel } = await ownPost(ctx.db, viewer, postId);
  // A shared trade's card and a post's images stay; the text beside them may be emptied.
  const mayEmpty = post.sharedTrade !== null || (await hasImages(ctx.db, post.id));
  const { html, userIds: mentioned } = await settleMentions(ctx, channel, cleanPostBody(bodyHtml, 'body_html', mayEmpty));
  await ctx.db.update(communityPosts).set({ bodyHtml: html, editedAt: ctx.now() }).where(eq(communityPosts.id, post.id));
  const edited = await postById(ctx.db, viewer, post.id);
  const answeredIds = post.parentId === null ? [] : [post.parentId];
  await tellMentioned(ctx, { channel, postId: post.id, threadId: post.parentId ?? post.id, author: edited.author, html, userIds: mentioned, answeredIds });
  return edited;
}

/**
 * The author deletes their own post or reply; staff delete anyone's (moderation), recorded in
 * the staff audit log with the post as it was. Another member's post answers 404 to members.
 */
export async function deletePost(ctx: AppContext, auth: AuthContext, postId: string) {
  const viewer = viewerOf(auth);
  const { post, channel } = await visiblePost(ctx.db, viewer, postId);
  const own = post.userId === viewer.userId;
  if (!own && !viewer.staff) throw new AppError('not_found', POST_NOT_FOUND);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(communityPosts).where(eq(communityPosts.id, post.id));
    // Channels open on any instance take it off every screen (a reply's replies go with a post).
    await tx
      .insert(communityFeedEvents)
      .values({ channelId: post.channelId, postId: post.id, parentId: post.parentId, authorId: post.userId, kind: 'deleted', createdAt: ctx.now() });
    if (!own)
      await recordAudit(tx, auth, {
        action: 'community.post.deleted',
        subjectType: 'community_post',
        subjectId: String(post.id),
        before: { channel: channel.slug, author_id: post.userId, parent_id: post.parentId, body_html: post.bodyHtml, shared_trade: post.sharedTrade, created_at: post.createdAt.toISOString() },
      });
  });
  return { message: post.parentId === null ? 'Post deleted.' : 'Reply deleted.' };
}

/** Adds the viewer's reaction, or takes it back when they had given it. */
export async function toggleReaction(ctx: AppContext, viewer: Viewer, postId: string, reaction: Reaction): Promise<ReactionCount[]> {
  const { post } = await visiblePost(ctx.db, viewer, postId);
  const mine = and(eq(communityReactions.postId, post.id), eq(communityReactions.userId, viewer.userId), eq(communityReactions.reaction, reaction));
  const removed = await ctx.db.delete(communityReactions).where(mine).returning({ postId: communityReactions.postId });
  if (removed.length === 0)
    await ctx.db.insert(communityReactions).values({ postId: post.id, userId: viewer.userId, reaction, createdAt: ctx.now() }).onConflictDoNothing();
  return (await postById(ctx.db, viewer, post.id)).reactions;
}

export async function pinPost(ctx: AppContext, viewer: Viewer, postId: string, pinned: boolean): Promise<CommunityPost> {
  const { post } = await visiblePost(ctx.db, viewer, postId);
  if (post.parentId !== null) throw AppError.invalid('pinned', 'Only posts can be pinned, not replies.');
  await ctx.db.update(communityPosts).set({ pinned }).where(eq(communityPosts.id, post.id));
  return postById(ctx.db, viewer, post.id);
}

/** Marks everything in the channel up to its newest post as read by the viewer. */
export async function markRead(ctx: AppContext, viewer: Viewer, slug: string) {
  const channel = await visibleChannel(ctx.db, viewer, slug);
  const [latest] = await ctx.db
    .select({ id: sql<number | null>`max(${communityPosts.id})` })
    .from(communityPosts)
    .where(eq(communityPosts.channelId, channel.id));
  const lastReadPostId = Number(latest?.id ?? 0);
  await ctx.db
    .insert(communityReads)
    .values({ userId: viewer.userId, channelId: channel.id, lastReadPostId, updatedAt: ctx.now() })
    .onConflictDoUpdate({
      target: [communityReads.userId, communityReads.channelId],
      set: { lastReadPostId: sql`greatest(${communityReads.lastReadPostId}, excluded.last_read_post_id)`, updatedAt: ctx.now() },
    });
  return { message: 'Channel marked as read.' };
}

// ---------------------------------------------------------------------------------------------
// Shared trades

/**
 * Shares one of the viewer's own trades (another member's trade answers 404) as a card: a
 * snapshot of instrument, side, times (Toronto time, the trade time zone), R, and the P&L as
 * money or left out when the member shows R only; the journal note when they choose.
 */
export async function shareTrade(ctx: AppContext, viewer: Viewer, body: ShareTradeRequest): Promise<CommunityPost> {
  const channel = await visibleChannel(ctx.db, viewer, body.channel_slug).catch(() => {
    throw AppError.invalid('channel_slug', 'Choose a channel you can post in.');
  });
  if (channel.readOnly && !viewer.staff) throw AppError.invalid('channel_slug', READ_ONLY_MESSAGE);
  checkNotMuted(viewer);
  const row = await findMemberTrade(ctx, viewer.userId, body.trade_id);
  if (!row) throw new AppError('not_found', 'Trade not found.');
  const trade = toTrade(row);
  const r = rMultipleOf({ ...trade, rr: row.rr, risk_amount: row.riskAmount, value_per_point: row.valuePerPoint, contract_size: row.contractSize });
  const card: SharedTradeCard = {
    instrument: trade.instrument,
    side: trade.side,
    entry_time: trade.entry_time,
    exit_time: trade.exit_time,
    zone: TRADE_TIME_ZONE,
    r_multiple: r === null ? null : Math.round(r * 100) / 100,
    pnl: body.pnl_as === 'money' ? moneyText(trade.net_pnl) : null,
    pnl_as: body.pnl_as,
    note_html: body.include_note ? sanitizeRichText(await tradeNoteOf(ctx.db, viewer.userId, row.id)) : null,
  };
  if (body.pnl_as === 'r' && card.r_multiple === null)
    throw AppError.invalid('pnl_as', "This trade's R is unknown (it has no stop or risk): share its P&L as money instead.");
  const { html, userIds: mentioned } = await settleMentions(ctx, channel, cleanPostBody(body.body_html ?? '', 'body_html', true));
  const [inserted] = await ctx.db
    .insert(communityPosts)
    .values({ channelId: channel.id, userId: viewer.userId, bodyHtml: html, sharedTrade: card, sharedTradeId: row.id, mentor: viewer.staff, createdAt: ctx.now() })
    .returning({ id: communityPosts.id });
  const post = await postById(ctx.db, viewer, inserted!.id);
  await tellMentioned(ctx, { channel, postId: post.id, threadId: post.id, author: post.author, html, userIds: mentioned, answeredIds: [] });
  return post;
}

// ---------------------------------------------------------------------------------------------
// Live feed support

/**
 * Posts and replies written after `afterId`, and those of `alsoIds` (older ids the feed is still
 * waiting for), oldest first, for the live feed, each with its author and whether it is hidden
 * (itself, or the post it answers).
 */
export async function postsAfter(db: Executor, afterId: number, alsoIds: number[] = [], limit = 500) {
  return db
    .select({
      id: communityPosts.id,
      channelId: communityPosts.channelId,
      parentId: communityPosts.parentId,
      userId: communityPosts.userId,
      hidden: sql<boolean>`(${communityPosts.hiddenAt} is not null or ${parents.hiddenAt} is not null)`,
    })
    .from(communityPosts)
    .leftJoin(parents, eq(parents.id, communityPosts.parentId))
    .where(alsoIds.length === 0 ? gt(communityPosts.id, afterId) : or(gt(communityPosts.id, afterId), inArray(communityPosts.id, alsoIds)))
    .orderBy(asc(communityPosts.id))
    .limit(limit);
}

export async function latestPostId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: sql<number | null>`max(${communityPosts.id})` }).from(communityPosts);
  return Number(row?.id ?? 0);
}
