import { queryOptions, useQuery } from '@tanstack/react-query';
import { riskEndpoints } from '@th/contracts/risk';
import { api } from '@/lib/api-client';
import { LOCKS_REFRESH_MS } from './get-risk-locks';
import { riskKeys } from './keys';

export const getRiskReview = (signal?: AbortSignal) => api.call(riskEndpoints.listRiskReview, { signal });

export const riskReviewQueryOptions = () =>
  queryOptions({ queryKey: riskKeys.review, queryFn: ({ signal }) => getRiskReview(signal), refetchInterval: LOCKS_REFRESH_MS });

export const useRiskReview = () => useQuery(riskReviewQueryOptions());
