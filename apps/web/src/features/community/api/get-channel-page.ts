import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const getChannelPage = (channelSlug: string, before: string | undefined, signal?: AbortSignal) =>
  api.call(communityEndpoints.getChannelPage, { params: { channelSlug }, query: { before }, signal });

/** A channel's posts, 30 a page newest first; older pages follow the server's cursor. */
export const channelPageQueryOptions = (slug: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.pages(slug),
    queryFn: ({ pageParam, signal }) => getChannelPage(slug, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.data.next_cursor ?? undefined,
  });

export const useChannelPage = (slug: string) => useInfiniteQuery(channelPageQueryOptions(slug));
