import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const searchPosts = (q: string, page: number, signal?: AbortSignal) => api.call(communityEndpoints.searchPosts, { query: { q, page }, signal });

export const searchQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.search(q),
    queryFn: ({ pageParam, signal }) => searchPosts(q, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.data.has_more ? last.data.page + 1 : undefined),
  });

/** Searches once the member has asked (q is null until then). */
export const useSearchPosts = (q: string | null) => useInfiniteQuery({ ...searchQueryOptions(q ?? ''), enabled: q !== null });
