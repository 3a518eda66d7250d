/**
 * The community's live feed on one app instance. Every instance polls the shared database for
 * posts newer than the last it saw (one indexed statement a second, only while someone is
 * watching a channel), so a post written on any instance reaches the browsers connected to all
 * of them. Polling rather than LISTEN/NOTIFY: the embedded PGlite runs on its own thread behind
 * a statement proxy (db/pglite-proxy.ts) that carries no notifications, and one mechanism serves
 * both engines. A hidden post, or a reply under one, reaches only staff and its author.
 */
import type { AppContext } from '../../context.ts';
import { latestPostId, postsAfter } from './service.ts';
import type { Viewer } from './viewer.ts';

export type FeedEvent = { id: number; channelId: string; parentId: number | null };
type Listener = { viewer: Viewer; send: (event: FeedEvent) => void; end: () => void };

export const FEED_POLL_MS = 1000;

export function createCommunityFeed(ctx: AppContext, pollMs = FEED_POLL_MS) {
  const channels = new Map<string, Set<Listener>>();
  let lastId: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let polling = false;
  let closed = false;

  const watching = () => [...channels.values()].reduce((n, set) => n + set.size, 0);

  async function poll() {
    if (polling) return;
    polling = true;
    try {
      if (lastId === null) lastId = await latestPostId(ctx.db);
      const rows = await postsAfter(ctx.db, lastId);
      for (const row of rows) {
        lastId = Math.max(lastId, row.id);
        for (const listener of channels.get(row.channelId) ?? []) {
          const { viewer } = listener;
          if (row.hidden && !viewer.staff && row.userId !== viewer.userId) continue;
          listener.send({ id: row.id, channelId: row.channelId, parentId: row.parentId });
        }
      }
    } catch (error) {
      ctx.log.warn({ err: error }, 'community feed poll failed');
    } finally {
      polling = false;
    }
  }

  function stopWhenIdle() {
    if (watching() === 0 && timer) {
      clearInterval(timer);
      timer = null;
      // The next watcher starts from the newest post then, not from where this one stopped.
      lastId = null;
    }
  }

  return {
    /** Starts sending the channel's new posts and replies to `listener`; answers the unsubscribe. */
    async subscribe(channelId: string, listener: Listener): Promise<() => void> {
      if (closed) {
        listener.end();
        return () => undefined;
      }
      if (lastId === null) lastId = await latestPostId(ctx.db);
      const set = channels.get(channelId) ?? new Set<Listener>();
      set.add(listener);
      channels.set(channelId, set);
      if (!timer) {
        timer = setInterval(() => void poll(), pollMs);
        timer.unref();
      }
      return () => {
        set.delete(listener);
        if (set.size === 0) channels.delete(channelId);
        stopWhenIdle();
      };
    },
    /** How many browsers watch a channel on this instance (tests, metrics). */
    watchers: (channelId: string) => channels.get(channelId)?.size ?? 0,
    /** Ends every stream (the app is closing). */
    close() {
      closed = true;
      for (const set of channels.values()) for (const listener of set) listener.end();
      channels.clear();
      stopWhenIdle();
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type CommunityFeed = ReturnType<typeof createCommunityFeed>;
