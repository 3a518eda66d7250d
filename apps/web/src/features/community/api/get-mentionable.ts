import { useCallback } from 'react';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';

/** People the member may @mention in the channel whose name starts with `query` (called by the editor as they type). */
export const getMentionable = async (channelSlug: string, query: string, signal?: AbortSignal) =>
  (await api.call(communityEndpoints.listMentionable, { params: { channelSlug }, query: { q: query }, signal })).data;

/** The editor's lookup of people to mention in the channel (a stable function per channel). */
export const useFindPeople = (channelSlug: string) => useCallback((query: string, signal: AbortSignal) => getMentionable(channelSlug, query, signal), [channelSlug]);
