import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryEndpoints } from '@th/contracts/client';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

/** How often the bell asks again while the page is open (it also asks when the window regains focus). */
export const UNREAD_POLL_MS = 30_000;

// Zod-free (entryEndpoints): the bell sits in the platform layout every page loads.
export const getUnreadCount = (signal?: AbortSignal) => api.call(entryEndpoints.getUnreadCount, { signal });

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    // Always worth asking again when the member comes back to the tab.
    staleTime: 0,
    retry: false,
  });

export const useUnreadCount = (enabled: boolean) => useQuery({ ...unreadCountQueryOptions(), enabled });
