import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationEndpoints } from '@th/contracts/notifications';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export const getUndelivered = (signal?: AbortSignal) => api.call(notificationEndpoints.listUndelivered, { signal });

export const undeliveredQueryOptions = () => queryOptions({ queryKey: notificationKeys.undelivered, queryFn: ({ signal }) => getUndelivered(signal) });

/** Asked again every 10 s: a retry's outcome (sent, or waiting again) shows without a reload. */
export const useUndelivered = () => useQuery({ ...undeliveredQueryOptions(), refetchInterval: 10_000 });
