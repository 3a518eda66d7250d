import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PerformanceReport } from '@th/contracts';
import { reportEndpoints } from '@th/contracts/reports';
import { api } from '@/lib/api-client';
import { tradeDataKeys } from '@/lib/trade-data';

export interface ReportFilters {
  from: string | null;
  to: string | null;
  accountId: string;
}

export const reportQuery = (filters: ReportFilters) => ({
  from: filters.from ?? undefined,
  to: filters.to ?? undefined,
  account_id: filters.accountId || undefined,
});

export async function getPerformanceReport(
  filters: ReportFilters,
  signal?: AbortSignal,
): Promise<PerformanceReport> {
  const body = await api.call(reportEndpoints.getPerformanceReport, {
    query: reportQuery(filters),
    signal,
  });
  return body.data;
}

export const performanceReportQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: tradeDataKeys.performanceReport(filters),
    queryFn: ({ signal }) => getPerformanceReport(filters, signal),
    placeholderData: (previous) => previous,
  });

export const usePerformanceReport = (filters: ReportFilters) =>
  useQuery(performanceReportQueryOptions(filters));
