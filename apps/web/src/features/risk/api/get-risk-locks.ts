import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryEndpoints } from '@th/contracts/client';
import { api } from '@/lib/api-client';
import { riskKeys } from './keys';

/** Enforcement runs every few seconds: a lock shows up within about as long. */
export const LOCKS_REFRESH_MS = 10_000;

export const getRiskLocks = (signal?: AbortSignal) => api.call(entryEndpoints.listRiskLocks, { signal });

export const riskLocksQueryOptions = () =>
  queryOptions({ queryKey: riskKeys.locks, queryFn: ({ signal }) => getRiskLocks(signal), refetchInterval: LOCKS_REFRESH_MS });

export const useRiskLocks = () => useQuery(riskLocksQueryOptions());
