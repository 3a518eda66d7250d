import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationEndpoints } from '@th/contracts/notifications';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export const getUndelivered = (signal?: AbortSignal) => api.call(notificationEndpoints.listUndelivered, { signal });

export const undeliveredQueryOptions = () => queryOptions({ queryKey: notificationKeys.undelivered, queryFn: ({ signal }) => getUndelivered(signal) });

export const useUndelivered = () => useQuery(undeliveredQueryOptions());
