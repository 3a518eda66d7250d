import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints } from '@th/contracts/notifications';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export const markAllRead = () => api.call(notificationEndpoints.markAllRead);

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markAllRead, onSuccess: () => void client.invalidateQueries({ queryKey: notificationKeys.all }) });
}
