import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataRightsEndpoints } from '@th/contracts/data-rights';
import { api } from '@/lib/api-client';
import { dataRightsKeys } from './keys';

export const getClosure = async () => (await api.call(dataRightsEndpoints.getClosure)).data;

export const closureQueryOptions = () => queryOptions({ queryKey: dataRightsKeys.closure, queryFn: getClosure });

export const useClosure = () => useQuery(closureQueryOptions());
