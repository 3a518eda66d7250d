import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportEndpoints } from '@th/contracts/reports';
import { api } from '@/lib/api-client';
import { tradeDataKeys } from '@/lib/trade-data';
import { reportQuery, type ReportFilters } from './get-performance-report';

/** Journaled trades by playbook, rules followed and tag (issue #24), for the report's filters. */
export async function getPlaybookReport(filters: ReportFilters, signal?: AbortSignal) {
  const body = await api.call(reportEndpoints.getPlaybookReport, { query: reportQuery(filters), signal });
  return body.data;
}

export const playbookReportQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: tradeDataKeys.playbookReport(filters),
    queryFn: ({ signal }) => getPlaybookReport(filters, signal),
    placeholderData: (previous) => previous,
  });

export const usePlaybookReport = (filters: ReportFilters) => useQuery(playbookReportQueryOptions(filters));
