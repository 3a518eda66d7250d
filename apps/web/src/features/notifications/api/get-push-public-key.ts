import { queryOptions } from '@tanstack/react-query';
import { notificationEndpoints } from '@th/contracts/notifications';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export const getPushPublicKey = (signal?: AbortSignal) => api.call(notificationEndpoints.getPushPublicKey, { signal });

/** The server's VAPID public key changes only when the operator replaces it: kept for the session. */
export const pushPublicKeyQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.pushPublicKey, queryFn: ({ signal }) => getPushPublicKey(signal), staleTime: Infinity });
