import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@th/contracts/billing';
import { api } from '@/lib/api-client';

export const getSubscription = async () => (await api.call(billingEndpoints.getSubscription)).data;

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['subscription'] as const,
    queryFn: getSubscription,
    staleTime: 30_000,
    retry: false,
  });

export const useSubscription = () => useQuery(subscriptionQueryOptions());
