import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export type LiveState = 'connecting' | 'live' | 'offline';
const RECONNECT_MS = 3_000;

/** Streams the channel's events (Server-Sent Events); `onPost` gets each new post or reply. */
export const watchChannel = (channelSlug: string, onPost: (post: { id: number; parent_id: number | null }) => void, signal: AbortSignal) =>
  api.events(
    communityEndpoints.channelEvents,
    (event) => {
      if (event.event === 'post') onPost(JSON.parse(event.data) as { id: number; parent_id: number | null });
    },
    { params: { channelSlug }, signal },
  );

/**
 * Keeps a channel live while it is shown: each new post or reply refreshes the page (and the
 * thread it answers) without a reload; the stream reconnects after a drop.
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
        (post) => {
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
