import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryEndpoints } from '@th/contracts/client';
import type { RuleComplianceDay } from '@th/contracts/risk';
import { api } from '@/lib/api-client';

/** Toronto dates from–to; `accountId` one linked account (TradeDesk's account filter), '' or absent all of them. */
export type RuleComplianceRange = { from: string; to: string; accountId?: string };

/** Rules kept or broken per Toronto trading day (Risk Manager, issue #22): one call per month or day shown. */
export const getRuleCompliance = ({ from, to, accountId }: RuleComplianceRange, signal?: AbortSignal) =>
  api.call(entryEndpoints.getRuleCompliance, { query: accountId ? { from, to, account_id: accountId } : { from, to }, signal });

/** By date; one function for every render, so the map (and the memoised calendar) stays the same. */
const byDate = (body: Awaited<ReturnType<typeof getRuleCompliance>>) =>
  new Map<string, RuleComplianceDay>(body.data.map((day) => [day.date, day]));

export const ruleComplianceQueryOptions = (range: RuleComplianceRange) =>
  queryOptions({
    queryKey: ['rule-compliance', range.from, range.to, range.accountId || null] as const,
    queryFn: ({ signal }) => getRuleCompliance(range, signal),
    select: byDate,
  });

export const useRuleCompliance = (range: RuleComplianceRange, enabled = true) => useQuery({ ...ruleComplianceQueryOptions(range), enabled });
