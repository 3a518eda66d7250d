import { queryOptions, useQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const getRestrictions = (signal?: AbortSignal) => api.call(communityEndpoints.listRestrictions, { signal });

export const restrictionsQueryOptions = () => queryOptions({ queryKey: communityKeys.restrictions, queryFn: ({ signal }) => getRestrictions(signal) });

export const useRestrictions = () => useQuery(restrictionsQueryOptions());
