import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import type { getChannelPage } from './get-channel-page';
import type { getReplies } from './get-replies';
import { communityKeys } from './keys';

export type LiveState = 'connecting' | 'live' | 'offline';
const RECONNECT_MS = 3_000;

export type FeedPost = { id: number; parent_id: number | null };
/** `post`: new; `removed`: hidden by a moderator from this viewer; `changed`: moderation changed what this viewer sees of it. */
export type FeedEventType = 'post' | 'removed' | 'changed';
const FEED_EVENTS: readonly string[] = ['post', 'removed', 'changed'] satisfies FeedEventType[];

/** Streams the channel's events (Server-Sent Events); `onEvent` gets each post named and what happened to it. */
export const watchChannel = (channelSlug: string, onEvent: (type: FeedEventType, post: FeedPost) => void, signal: AbortSignal) =>
  api.events(
    communityEndpoints.channelEvents,
    (event) => {
      if (FEED_EVENTS.includes(event.event)) onEvent(event.event as FeedEventType, JSON.parse(event.data) as FeedPost);
    },
    { params: { channelSlug }, signal },
  );

type PageData = InfiniteData<Awaited<ReturnType<typeof getChannelPage>>>;
type RepliesData = Awaited<ReturnType<typeof getReplies>>;

/**
 * Takes a post a moderator hid off the screen at once, before the refetch answers: out of the
 * channel's pages (pinned or not) or out of its thread, whose reply count drops by one.
 */
function removeFromCache(client: QueryClient, slug: string, post: FeedPost) {
  client.setQueryData<PageData>(communityKeys.pages(slug), (data) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        data: {
          ...page.data,
          pinned: page.data.pinned.filter((p) => p.id !== post.id),
          posts: page.data.posts
            .filter((p) => p.id !== post.id)
            .map((p) => (p.id === post.parent_id ? { ...p, reply_count: Math.max(0, p.reply_count - 1) } : p)),
        },
      })),
    },
  );
  if (post.parent_id !== null)
    client.setQueryData<RepliesData>(communityKeys.replies(post.parent_id), (data) => data && { ...data, data: data.data.filter((p) => p.id !== post.id) });
}

/**
 * Keeps a channel live while it is shown: each new post or reply refreshes the page (and the
 * thread it answers) without a reload, and a post a moderator hides leaves the screen; the
 * stream reconnects after a drop.
 */
export function useWatchChannel(slug: string): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      setState('live');
      watchChannel(
        slug,
        (type, post) => {
          if (type === 'removed') removeFromCache(client, slug, post);
          void client.invalidateQueries({ queryKey: communityKeys.pages(slug) });
          void client.invalidateQueries({ queryKey: communityKeys.channels });
          if (post.parent_id !== null) void client.invalidateQueries({ queryKey: communityKeys.replies(post.parent_id) });
        },
        controller.signal,
      )
        .catch(() => undefined)
        .finally(() => {
          if (controller.signal.aborted) return;
          setState('offline');
          timer = setTimeout(connect, RECONNECT_MS);
        });
    };
    connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [client, slug]);
  return state;
}
