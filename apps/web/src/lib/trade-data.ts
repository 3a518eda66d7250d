/**
 * A member's trades as several features show them: the trade log and TradeDesk (journal), the
 * reports, the dashboard. Their queries share these keys under one root, so that any write to
 * trades (a sync, an import, a manual trade added or deleted) refreshes every screen with one
 * `invalidateTradeData`, whichever feature made it. Fetchers of the shared reads live here too,
 * so two features asking for the same data share one cache entry.
 */
import type { QueryClient } from '@tanstack/react-query';
import { entryEndpoints } from '@th/contracts/client';
import { api, type ApiQuery, type AuthFailureRule } from './api-client';

/** Any of the three §7.2 order-history query shapes (trade log, daily log, TradeDesk). */
export type OrderHistoryParams = ApiQuery<typeof entryEndpoints.getOrderHistory>;

export type DaySummariesParams = ApiQuery<typeof entryEndpoints.getDaySummaries>;

export const tradeDataKeys = {
  all: ['trade-data'] as const,
  orderHistory: (params: OrderHistoryParams) => ['trade-data', 'order-history', params] as const,
  daySummaries: (params: DaySummariesParams) => ['trade-data', 'day-summaries', params] as const,
  journalDays: ['trade-data', 'journal-day'] as const,
  journalDay: (date: string) => ['trade-data', 'journal-day', date] as const,
  journalTags: ['trade-data', 'journal-tags'] as const,
  /** The member's playbooks (issue #24): their trade counts follow the journal. */
  playbooks: ['trade-data', 'playbooks'] as const,
  playbookReport: (filters: unknown) => ['trade-data', 'playbook-report', filters] as const,
  performanceReport: (filters: unknown) => ['trade-data', 'performance-report', filters] as const,
  /** The reports' rules kept vs broken (issue #22): its days' P&L follows the trades. */
  ruleComplianceReport: (filters: unknown) => ['trade-data', 'rule-compliance-report', filters] as const,
  /** A trade's chart (issue #24): its bars do not change, its MAE/MFE follow the trade. */
  tradeChart: (tradeId: string, timeframe: string) => ['trade-data', 'trade-chart', tradeId, timeframe] as const,
  /** A day's screenshots (issue #24): they go when their trade goes, so they live under the root. */
  screenshots: (date: string) => ['trade-data', 'screenshots', date] as const,
};

/** `authFailure`: 'sign-in' is the daily log's rule, 'guard' a route loader's call sent before the profile answers. */
export const getOrderHistory = (params: OrderHistoryParams, signal?: AbortSignal, authFailure?: AuthFailureRule) =>
  api.call(entryEndpoints.getOrderHistory, { query: params, signal, ...(authFailure ? { authFailure } : {}) });

export const getDaySummaries = (params: DaySummariesParams, signal?: AbortSignal, authFailure?: AuthFailureRule) =>
  api.call(entryEndpoints.getDaySummaries, { query: params, signal, ...(authFailure ? { authFailure } : {}) });

/**
 * After a journal save: the day's answer is the server's reply; the member's tags, playbooks
 * (their trade counts) and any trade log page or TradeDesk month filtered by a tag or playbook
 * are read again, since the save may have added or removed one.
 */
export const refreshAfterJournalSave = (client: QueryClient, date: string, day: unknown) => {
  client.setQueryData(tradeDataKeys.journalDay(date), day);
  void client.invalidateQueries({ queryKey: tradeDataKeys.journalTags });
  void client.invalidateQueries({ queryKey: tradeDataKeys.playbooks });
  // Trade log pages and TradeDesk's days filtered by what the journal says.
  void client.invalidateQueries({
    queryKey: tradeDataKeys.all,
    predicate: (query) => {
      const [, kind, params] = query.queryKey as [string, string, { tag?: string; playbook?: string } | undefined];
      return (kind === 'order-history' || kind === 'day-summaries') && Boolean(params?.tag || params?.playbook);
    },
  });
};

/** After any write to a member's trades: every screen that shows them reads them again. */
export const invalidateTradeData = (client: QueryClient) => client.invalidateQueries({ queryKey: tradeDataKeys.all });
