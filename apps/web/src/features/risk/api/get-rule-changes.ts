import { queryOptions, useQuery } from '@tanstack/react-query';
import { riskEndpoints } from '@th/contracts/risk';
import { api } from '@/lib/api-client';
import { riskKeys } from './keys';

export const getRuleChanges = (signal?: AbortSignal) => api.call(riskEndpoints.listRuleChanges, { signal });

export const ruleChangesQueryOptions = () => queryOptions({ queryKey: riskKeys.changes, queryFn: ({ signal }) => getRuleChanges(signal) });

export const useRuleChanges = () => useQuery(ruleChangesQueryOptions());
