import { queryOptions, useQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const getChannels = (signal?: AbortSignal) => api.call(communityEndpoints.listChannels, { signal });

export const channelsQueryOptions = () => queryOptions({ queryKey: communityKeys.channels, queryFn: ({ signal }) => getChannels(signal) });

export const useChannels = () => useQuery(channelsQueryOptions());
