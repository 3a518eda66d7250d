import { notificationEndpoints } from '@th/contracts/notifications';
import { api } from '@/lib/api-client';

export const unsubscribePush = (endpoint: string) => api.call(notificationEndpoints.unsubscribePush, { body: { endpoint } });
