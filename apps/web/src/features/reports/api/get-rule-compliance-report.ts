import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportEndpoints } from '@th/contracts/reports';
import { api } from '@/lib/api-client';
import { tradeDataKeys } from '@/lib/trade-data';
import { reportQuery, type ReportFilters } from './get-performance-report';

/** Trading days that kept the Risk Manager's rules or broke one, with their P&L, for the report's filters. */
export async function getRuleComplianceReport(filters: ReportFilters, signal?: AbortSignal) {
  const body = await api.call(reportEndpoints.getRuleComplianceReport, { query: reportQuery(filters), signal });
  return body.data;
}

export const ruleComplianceReportQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: tradeDataKeys.ruleComplianceReport(filters),
    queryFn: ({ signal }) => getRuleComplianceReport(filters, signal),
    placeholderData: (previous) => previous,
  });

export const useRuleComplianceReport = (filters: ReportFilters) => useQuery(ruleComplianceReportQueryOptions(filters));
