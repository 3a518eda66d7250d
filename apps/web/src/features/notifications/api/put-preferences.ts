import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints, type NotificationPreferences } from '@th/contracts/notifications';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export const putPreferences = (body: NotificationPreferences) => api.call(notificationEndpoints.putPreferences, { body });

export function usePutPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putPreferences,
    onSuccess: (answer) => client.setQueryData(notificationKeys.preferences, answer),
  });
}
