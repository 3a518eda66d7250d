import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints } from '@th/contracts/notifications';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export const markRead = (notificationId: number) => api.call(notificationEndpoints.markRead, { params: { notificationId } });

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markRead, onSuccess: () => void client.invalidateQueries({ queryKey: notificationKeys.all }) });
}
