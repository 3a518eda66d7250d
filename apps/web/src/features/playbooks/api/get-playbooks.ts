import { queryOptions, useQuery } from '@tanstack/react-query';
import { playbookEndpoints } from '@th/contracts/playbooks';
import { api } from '@/lib/api-client';
import { tradeDataKeys } from '@/lib/trade-data';

export const getPlaybooks = (signal?: AbortSignal) => api.call(playbookEndpoints.listPlaybooks, { signal });

export const playbooksQueryOptions = () =>
  queryOptions({ queryKey: tradeDataKeys.playbooks, queryFn: ({ signal }) => getPlaybooks(signal) });

export const usePlaybooks = () => useQuery(playbooksQueryOptions());
