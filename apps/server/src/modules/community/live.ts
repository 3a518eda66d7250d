/**
 * The community's live feed on one app instance. Each instance reads the shared database for
 * posts newer than the last it saw, and for moderation changes (community_feed_events), with one
 * shared reader fanning out to every browser connected to it, so a post written on any instance
 * reaches the browsers of all of them. The reader runs once a second while someone watches a
 * channel; on PostgreSQL it also LISTENs to `community_feed`, which a trigger NOTIFies when a post
 * or feed event is committed, and reads at once. The embedded PGlite runs on its own thread
 * behind a statement proxy (db/pglite-proxy.ts) that carries no notifications: there the
 * one-second read is the whole mechanism, as it is on PostgreSQL while the listening connection
 * is down. A hidden post, or a reply under one, reaches only staff and its author.
 */
import { asc, gt, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { communityFeedEvents } from '../../db/schema/index.ts';
import { latestPostId, postsAfter } from './service.ts';
import type { Viewer } from './viewer.ts';

/**
 * What a browser is told: `post`, a new post or reply to show; `removed`, a post or reply deleted,
 * or hidden by a moderator from this viewer (take it off the screen); `changed`, a post
 * whose moderation changed that this viewer still sees, or sees again (show it afresh).
 */
export type FeedEvent = { type: 'post' | 'removed' | 'changed'; id: number; channelId: string; parentId: number | null };
type Listener = { viewer: Viewer; send: (event: FeedEvent) => void; end: () => void };

export const FEED_POLL_MS = 1000;
export const FEED_CHANNEL = 'community_feed';
const RELISTEN_MS = 5_000;
/** How long an id skipped over is asked for again (a rolled-back insert never shows up). */
export const GAP_WAIT_MS = 30_000;
/** At most this many skipped ids are remembered per table (ids run in a sequence of cache 1). */
const MAX_GAP = 1_000;

/**
 * Where the reader stands in a table whose rows it reads by ascending id. An id is taken at
 * insert and the row is seen at commit, so with two instances (or two requests of one) writing
 * at once an older id can commit after the reader has passed a newer one: the ids skipped over
 * are asked for again until they show up or GAP_WAIT_MS has passed.
 */
function createCursor() {
  let last: number | null = null;
  const skipped = new Map<number, number>();
  return {
    get last() {
      return last;
    },
    /** Starts from `id` (null: not started), forgetting what was skipped. */
    reset(id: number | null) {
      last = id;
      skipped.clear();
    },
    /** The skipped ids still awaited. */
    awaited(now: number) {
      for (const [id, until] of skipped) if (until < now) skipped.delete(id);
      return [...skipped.keys()];
    },
    /** Takes a row read (ids in ascending order): a new one, or one that was skipped. */
    saw(id: number, now: number) {
      if (skipped.delete(id) || last === null || id <= last) return;
      for (let gap = Math.max(last + 1, id - MAX_GAP); gap < id; gap++) skipped.set(gap, now + GAP_WAIT_MS);
      last = id;
    },
  };
}

const sees = (viewer: Viewer, authorId: string) => viewer.staff || viewer.userId === authorId;

export function createCommunityFeed(ctx: AppContext, pollMs = FEED_POLL_MS) {
  const channels = new Map<string, Set<Listener>>();
  const posts = createCursor();
  const feedEvents = createCursor();
  let timer: NodeJS.Timeout | null = null;
  let polling = false;
  let again = false;
  let closed = false;
  let listener: { close: () => Promise<void> } | null = null;
  let listening: Promise<void> | null = null;
  let relistenAt = 0;

  const watching = () => [...channels.values()].reduce((n, set) => n + set.size, 0);

  async function latestEventId() {
    const [row] = await ctx.db.select({ id: sql<number | null>`max(${communityFeedEvents.id})` }).from(communityFeedEvents);
    return Number(row?.id ?? 0);
  }

  async function start() {
    if (posts.last === null) posts.reset(await latestPostId(ctx.db));
    if (feedEvents.last === null) feedEvents.reset(await latestEventId());
  }

  function fanOut(channelId: string, event: (viewer: Viewer) => FeedEvent | null) {
    for (const watcher of channels.get(channelId) ?? []) {
      const message = event(watcher.viewer);
      if (message) watcher.send(message);
    }
  }

  async function poll() {
    // A wake-up while reading is not lost: the read runs once more after this one.
    if (polling) {
      again = true;
      return;
    }
    polling = true;
    try {
      do {
        again = false;
        await start();
        const now = Date.now();
        const [awaitedPosts, awaitedEvents] = [posts.awaited(now), feedEvents.awaited(now)];
        const newEvents = gt(communityFeedEvents.id, feedEvents.last!);
        const [rows, events] = await Promise.all([
          postsAfter(ctx.db, posts.last!, awaitedPosts),
          ctx.db
            .select()
            .from(communityFeedEvents)
            .where(awaitedEvents.length === 0 ? newEvents : or(newEvents, inArray(communityFeedEvents.id, awaitedEvents)))
            .orderBy(asc(communityFeedEvents.id))
            .limit(500),
        ]);
        for (const row of rows) {
          posts.saw(row.id, now);
          const event: FeedEvent = { type: 'post', id: row.id, channelId: row.channelId, parentId: row.parentId };
          fanOut(row.channelId, (viewer) => (row.hidden && !sees(viewer, row.userId) ? null : event));
        }
        for (const row of events) {
          feedEvents.saw(row.id, now);
          const base = { id: row.postId, channelId: row.channelId, parentId: row.parentId };
          const gone = (viewer: Viewer) => row.kind === 'deleted' || (row.kind === 'hidden' && !sees(viewer, row.authorId));
          fanOut(row.channelId, (viewer) => ({ ...base, type: gone(viewer) ? 'removed' : 'changed' }));
        }
      } while (again && !closed);
    } catch (error) {
      ctx.log.warn({ err: error }, 'community feed poll failed');
    } finally {
      polling = false;
    }
  }

  /** PostgreSQL only: one connection per instance LISTENs, and each notification reads at once. */
  function listen() {
    const subscribe = ctx.database?.listen;
    if (!subscribe || closed || listening || listener || Date.now() < relistenAt) return;
    listening = subscribe(
      FEED_CHANNEL,
      () => void poll(),
      (error) => {
        ctx.log.warn({ err: error }, 'community feed: listening connection lost; reading each second meanwhile');
        listener = null;
        relistenAt = Date.now() + RELISTEN_MS;
      },
    )
      .then((handle) => {
        if (closed || watching() === 0) return void handle.close();
        listener = handle;
        // Whatever was committed before the LISTEN took effect is read now.
        void poll();
      })
      .catch((error: unknown) => {
        ctx.log.warn({ err: error }, 'community feed: cannot listen; reading each second meanwhile');
        relistenAt = Date.now() + RELISTEN_MS;
      })
      .finally(() => {
        listening = null;
      });
  }

  function stopWhenIdle() {
    if (watching() === 0 && timer) {
      clearInterval(timer);
      timer = null;
      // The next watcher starts from the newest post then, not from where this one stopped.
      posts.reset(null);
      feedEvents.reset(null);
      if (listener) {
        void listener.close();
        listener = null;
      }
    }
  }

  return {
    /** Starts sending the channel's new posts and replies to `listener`; answers the unsubscribe. */
    async subscribe(channelId: string, watcher: Listener): Promise<() => void> {
      if (closed) {
        watcher.end();
        return () => undefined;
      }
      await start();
      const set = channels.get(channelId) ?? new Set<Listener>();
      set.add(watcher);
      channels.set(channelId, set);
      if (!timer) {
        timer = setInterval(() => {
          listen();
          void poll();
        }, pollMs);
        timer.unref();
      }
      listen();
      return () => {
        set.delete(watcher);
        if (set.size === 0) channels.delete(channelId);
        stopWhenIdle();
      };
    },
    /** How many browsers watch a channel on this instance (tests, metrics). */
    watchers: (channelId: string) => channels.get(channelId)?.size ?? 0,
    /** Whether this instance is woken by PostgreSQL notifications (tests). */
    listening: () => listener !== null,
    /** Ends every stream (the app is closing). */
    close() {
      closed = true;
      for (const set of channels.values()) for (const watcher of set) watcher.end();
      channels.clear();
      stopWhenIdle();
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type CommunityFeed = ReturnType<typeof createCommunityFeed>;
