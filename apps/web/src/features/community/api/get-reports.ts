import { queryOptions, useQuery } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export type ReportsView = 'open' | 'hidden';

export const getReports = (view: ReportsView, signal?: AbortSignal) => api.call(communityEndpoints.listReports, { query: { view }, signal });

export const reportsQueryOptions = (view: ReportsView) => queryOptions({ queryKey: communityKeys.reports(view), queryFn: ({ signal }) => getReports(view, signal) });

export const useReports = (view: ReportsView) => useQuery(reportsQueryOptions(view));
