import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notificationEndpoints } from '@th/contracts/notifications';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export const getNotifications = (page: number, signal?: AbortSignal) =>
  api.call(notificationEndpoints.listNotifications, { query: { page }, signal });

export const notificationsQueryOptions = (page: number) =>
  queryOptions({ queryKey: notificationKeys.list(page), queryFn: ({ signal }) => getNotifications(page, signal), placeholderData: keepPreviousData });

export const useNotifications = (page: number) => useQuery(notificationsQueryOptions(page));
