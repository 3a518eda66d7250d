import { notificationEndpoints, type PushSubscriptionBody } from '@th/contracts/notifications';
import { api } from '@/lib/api-client';

export const subscribePush = (body: PushSubscriptionBody) => api.call(notificationEndpoints.subscribePush, { body });
