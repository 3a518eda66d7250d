import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationEndpoints } from '@th/contracts/notifications';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export const retryDelivery = (deliveryId: number) => api.call(notificationEndpoints.retryDelivery, { params: { deliveryId } });

export function useRetryDelivery() {
  const client = useQueryClient();
  return useMutation({ mutationFn: retryDelivery, onSettled: () => void client.invalidateQueries({ queryKey: notificationKeys.undelivered }) });
}
