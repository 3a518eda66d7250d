import { queryOptions, useQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const getPost = (postId: number, signal?: AbortSignal) => api.call(communityEndpoints.getPost, { params: { postId: String(postId) }, signal });

export const postQueryOptions = (postId: number) => queryOptions({ queryKey: communityKeys.post(postId), queryFn: ({ signal }) => getPost(postId, signal) });

export const usePost = (postId: number | null) => useQuery({ ...postQueryOptions(postId ?? 0), enabled: postId !== null });
