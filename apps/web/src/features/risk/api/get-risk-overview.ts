import { queryOptions, useQuery } from '@tanstack/react-query';
import { riskEndpoints } from '@th/contracts/risk';
import { api } from '@/lib/api-client';
import { riskKeys } from './keys';

export const getRiskOverview = (signal?: AbortSignal) => api.call(riskEndpoints.getRiskOverview, { signal });

export const riskOverviewQueryOptions = () => queryOptions({ queryKey: riskKeys.overview, queryFn: ({ signal }) => getRiskOverview(signal) });

export const useRiskOverview = () => useQuery(riskOverviewQueryOptions());
