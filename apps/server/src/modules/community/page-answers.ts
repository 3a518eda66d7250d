/**
 * A channel's pages from memory (issue #23: the first page at 50 concurrent readers). What every
 * member sees alike — the posts, their reply counts and reaction counts, images and authors — is
 * computed once per channel revision and kept by each app instance; each request adds only the
 * reader's own parts: which posts are theirs, which reactions are theirs, and, for a member, the
 * posts and replies of their own a moderator hid (shown to them marked hidden, to no other
 * member). Staff, who see every post marked, have a kept part of their own.
 *
 * The revision lives in the shared database (community_channels.page_revision) and moves, by
 * trigger, in the transaction of any write that changes a page, so a write through one instance
 * is seen by the next request of every other: it reads the revision with its token, like the
 * reader's standing and the channels' own revision (plugins/auth.ts), and computes again when one
 * moved. A kept page costs no statement beyond the token lookup.
 */
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { POSTS_PER_PAGE, type ChannelPage, type CommunityPost } from '@th/contracts';
import type { AppContext, AuthContext, ProcessMemory } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { AppError } from '../../errors.ts';
import { sharedAnswer } from '../../lib/revisioned-answers.ts';
import { reusedAnswer } from '../../lib/reused-answers.ts';
import { communityChannels } from '../../db/schema/index.ts';
import { CHANNEL_NOT_FOUND, pageOf, pageRows, pageRowsSql, parseCursor, PINNED_PER_PAGE, postOf, type PageCursor, type PageRow } from './service.ts';
import { viewerOf, type Viewer } from './viewer.ts';

/** The reader a shared part is computed for: nobody's posts or reactions are "mine" (no account has the nil id). */
const NOBODY = '00000000-0000-0000-0000-000000000000';

type Keyed = { post: CommunityPost; at: bigint };
/** The part of a page every member (or every staff reader) sees alike, at one revision. */
type SharedPage = { pinned: Keyed[]; page: Keyed[] };
type Answer = { data: ChannelPage };

// Kept parts: a page is ~50 posts; most readers ask the first page of a few channels.
const SHARED_PAGES = 500;
// Whole answers (kept part + a reader's own marks, encoded once), weighed in characters of JSON.
const ANSWER_CHARACTERS = 32_000_000;

class PageAnswers {
  readonly shared = new LRUCache<string, { revision: number; value: Promise<SharedPage> }>({ max: SHARED_PAGES });
  readonly answers = new LRUCache<string, { version: string; answer: Answer }>({
    maxSize: ANSWER_CHARACTERS,
    sizeCalculation: (kept) => Math.max(1, kept.answer.data.posts.length + kept.answer.data.pinned.length) * 700,
  });
}

// Per app instance (ctx.memory), not module-wide: two instances in one process (tests) keep apart.
const byMemory = new WeakMap<ProcessMemory, PageAnswers>();
function answersOf(ctx: AppContext): PageAnswers {
  let answers = byMemory.get(ctx.memory);
  if (!answers) byMemory.set(ctx.memory, (answers = new PageAnswers()));
  return answers;
}

const channelFields = { id: communityChannels.id, name: communityChannels.name, slug: communityChannels.slug, description: communityChannels.description, staffOnly: communityChannels.staffOnly, readOnly: communityChannels.readOnly, position: communityChannels.position };

/**
 * The reader (their standing read with the token), the channel (from the channels kept at the
 * revision read with the token) and its page revision (read with the token too): no statement
 * when the channels are kept. A suspended member is refused first; a channel they may not see
 * answers 404.
 */
async function readerAndChannel(ctx: AppContext, auth: AuthContext, slug: string) {
  const viewer = viewerOf(auth);
  const channels = await sharedAnswer(ctx, auth, 'community-channels', 'channels', () => ctx.db.select(channelFields).from(communityChannels));
  const channel = channels.find((row) => row.slug === slug);
  if (!channel || (channel.staffOnly && !viewer.staff)) throw new AppError('not_found', CHANNEL_NOT_FOUND);
  // A channel created since the token was read has no revision yet: computed now, kept under none the next request can read.
  const revision = auth.pageRevisions.get(channel.id) ?? -1;
  return { viewer, channel, revision, version: `${revision}|${auth.contentRevisions['community-channels']}` };
}

const keyed = (rows: PageRow[], part: PageRow['part'], viewer: Viewer): Keyed[] =>
  rows.filter((row) => row.part === part).map((row) => ({ post: postOf(row, viewer), at: BigInt(row.at_us) }));

function sharedPage(ctx: AppContext, channelId: string, staff: boolean, cursor: PageCursor | null, before: string, revision: number): Promise<SharedPage> {
  const kept = answersOf(ctx).shared;
  const key = `${channelId}\u0000${staff}\u0000${before}`;
  const found = kept.get(key);
  // A part computed after the revision was read may be newer than it, never older: kept under it.
  // Concurrent requests at a new revision share one computation.
  if (found?.revision === revision) return found.value;
  const everyone: Viewer = { userId: NOBODY, staff, mutedUntil: null };
  const value = pageRows(ctx.db, everyone, channelId, cursor).then((rows) => ({ pinned: keyed(rows, 'pinned', everyone), page: keyed(rows, 'page', everyone) }));
  kept.set(key, { revision, value });
  value.catch(() => kept.delete(key));
  return value;
}

type OwnRow = { kind: 'reaction' | 'hidden_replies' | 'hidden_post'; post_id: string | null; value: string | null; post: PageRow | string | null };

/**
 * The reader's own parts of a kept page, in one statement: their reactions on its posts; for a
 * member, how many of their own hidden replies each post has (its count for them), and their
 * own hidden top-level posts that fall within the page (newer than its last kept row when the
 * page is full).
 */
async function ownParts(db: Executor, viewer: Viewer, channelId: string, cursor: PageCursor | null, shared: SharedPage) {
  const ids = [...shared.pinned, ...shared.page].map((kept) => kept.post.id).join(',');
  const member = !viewer.staff;
  // A full kept page (one row more than shown) ends at its last row: an own hidden post older than
  // that cannot make the reader's page; with fewer rows, any older one can.
  const last = shared.page.length > POSTS_PER_PAGE ? shared.page.at(-1)! : null;
  const within = last
    ? sql`(p.created_at, p.id) > ('epoch'::timestamptz + ${last.at.toString()}::bigint * interval '1 microsecond', ${last.post.id})`
    : sql`true`;
  const hiddenPosts = member
    ? sql`union all
      select 'hidden_post', null, null, row_to_json(x)::text
      from (${pageRowsSql(viewer, channelId, cursor, sql`p.hidden_at is not null and p.user_id = ${viewer.userId}::uuid`, within)}) x`
    : sql``;
  const result = await db.execute(sql`
    select 'reaction' as kind, r.post_id::text as post_id, r.reaction as value, null::text as post from community_reactions r
      where r.user_id = ${viewer.userId} and r.post_id = any(string_to_array(${ids}, ',')::bigint[])
    union all
    select 'hidden_replies', c.parent_id::text, count(*)::text, null from community_posts c
      where ${member} and c.parent_id = any(string_to_array(${ids}, ',')::bigint[]) and c.user_id = ${viewer.userId} and c.hidden_at is not null
      group by c.parent_id
    ${hiddenPosts}`);
  return rowsOf<OwnRow>(result);
}

/** Newest first, as the page statement orders: created_at (to the microsecond), then id. */
const newerFirst = (a: Keyed, b: Keyed) => (a.at === b.at ? b.post.id - a.post.id : a.at > b.at ? -1 : 1);

/** `post` as `viewer` sees it: theirs or not, their reactions marked, `extraReplies` of their own hidden replies counted. */
function markedFor(post: CommunityPost, viewer: Viewer, reacted: Set<string> | undefined, extraReplies: number): CommunityPost {
  const mine = post.author.id === viewer.userId;
  if (!mine && !reacted && extraReplies === 0) return post;
  return {
    ...post,
    mine,
    reply_count: post.reply_count + extraReplies,
    // A reaction of theirs missing from the kept counts was made after the revision read: the next request shows both.
    reactions: reacted ? post.reactions.map((r) => (reacted.has(r.reaction) ? { ...r, mine: true } : r)) : post.reactions,
  };
}

/**
 * A channel's page for the signed-in reader, from the kept shared part and their own parts: the
 * same answer as getChannelPage computes afresh. The whole answer is kept too, encoded once, for
 * this reader at this revision: their reactions, replies and hidden posts all move the revision,
 * so it holds until the channel changes.
 */
export async function channelPageAnswer(ctx: AppContext, auth: AuthContext, slug: string, before?: string): Promise<Answer> {
  const { viewer, channel, revision, version } = await readerAndChannel(ctx, auth, slug);
  const cursor = parseCursor(before);
  const answers = answersOf(ctx).answers;
  // The channel's own fields (renamed, made read-only) move the channels' revision: in the version.
  const key = `${viewer.userId}\u0000${viewer.staff}\u0000${before ?? ''}\u0000${channel.id}`;
  const found = answers.get(key);
  if (found?.version === version) return found.answer;

  const shared = await sharedPage(ctx, channel.id, viewer.staff, cursor, before ?? '', revision);
  const own = await ownParts(ctx.db, viewer, channel.id, cursor, shared);
  const reacted = new Map<number, Set<string>>();
  const extraReplies = new Map<number, number>();
  const hidden: PageRow[] = [];
  for (const row of own) {
    if (row.kind === 'reaction') {
      const id = Number(row.post_id);
      reacted.set(id, (reacted.get(id) ?? new Set()).add(row.value!));
    } else if (row.kind === 'hidden_replies') extraReplies.set(Number(row.post_id), Number(row.value));
    else hidden.push(typeof row.post === 'string' ? (JSON.parse(row.post) as PageRow) : row.post!);
  }
  const mark = (kept: Keyed): Keyed => {
    const post = markedFor(kept.post, viewer, reacted.get(kept.post.id), extraReplies.get(kept.post.id) ?? 0);
    return post === kept.post ? kept : { post, at: kept.at };
  };
  // The reader's own hidden posts take their places among the kept ones (a member's kept part has none).
  const merged = (part: PageRow['part'], keptPart: Keyed[], limit: number) =>
    [...keptPart.map(mark), ...keyed(hidden, part, viewer)]
      .sort(newerFirst)
      .slice(0, limit)
      .map((kept) => kept.post);
  const answer = reusedAnswer({
    data: pageOf(channel, viewer, merged('pinned', shared.pinned, PINNED_PER_PAGE), merged('page', shared.page, POSTS_PER_PAGE + 1)),
  });
  answers.set(key, { version, answer });
  return answer;
}
