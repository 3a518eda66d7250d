import { queryOptions, useQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const getReplies = (postId: number, signal?: AbortSignal) => api.call(communityEndpoints.listReplies, { params: { postId }, signal });

export const repliesQueryOptions = (postId: number) => queryOptions({ queryKey: communityKeys.replies(postId), queryFn: ({ signal }) => getReplies(postId, signal) });

export const useReplies = (postId: number, enabled: boolean) => useQuery({ ...repliesQueryOptions(postId), enabled });
