import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionDetailsResponse } from '@th/contracts';
import { api } from '@/lib/api-client';

export const getSubscription = async () => (await api.get<SubscriptionDetailsResponse>('/api/me/subscription')).data;

export const subscriptionQueryOptions = () =>
  queryOptions({ queryKey: ['subscription'] as const, queryFn: getSubscription, staleTime: 30_000, retry: false });

export const useSubscription = () => useQuery(subscriptionQueryOptions());
