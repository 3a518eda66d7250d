import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationEndpoints } from '@th/contracts/notifications';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export const getPreferences = (signal?: AbortSignal) => api.call(notificationEndpoints.getPreferences, { signal });

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.preferences, queryFn: ({ signal }) => getPreferences(signal) });

export const usePreferences = () => useQuery(preferencesQueryOptions());
