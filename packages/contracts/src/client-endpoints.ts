/**
 * The endpoints the SPA entry calls (the profile behind every guard, the page-view beacon, the
 * trade reads shared by several features in lib/trade-data.ts) and the other calls of
 * TradeDesk's first paint (the rule marks, the lock notice, the journal filters, the latest
 * trades' outcomes, Sync), and the chart of a trade the daily log opens by its address (its
 * loader starts it, issue #24), declared here without zod so the entry stays small and TradeDesk
 * evaluates no schemas before its figures show (issue #27). Each one's schemas are attached by
 * `withSchemas` in its feature's contracts file, from where the server registers it; the types
 * here are those schemas' own.
 */
import { declareEndpoint } from './endpoint.ts';
import type { recordPageViewSchemas } from './analytics.ts';
import type { getUnreadCountSchemas } from './notifications.ts';
import type { listPlaybooksSchemas } from './playbooks.ts';
import type { getProfileSchemas } from './profile.ts';
import type { getRuleComplianceSchemas, listRiskLocksSchemas } from './risk.ts';
import type { getJournalDaySchemas, getJournalTagsSchemas } from './journals.ts';
import type { syncAccountsSchemas } from './broker.ts';
import type { getDaySummariesSchemas, getOrderHistorySchemas } from './trades.ts';
import type { getTradeChartSchemas } from './trade-chart.ts';

export const entryEndpoints = {
  getProfile: declareEndpoint<typeof getProfileSchemas>()('GET', '/api/me'),
  recordPageView: declareEndpoint<typeof recordPageViewSchemas>()('POST', '/api/analytics/page-views'),
  getOrderHistory: declareEndpoint<typeof getOrderHistorySchemas>()('GET', '/api/trades/order-history'),
  getDaySummaries: declareEndpoint<typeof getDaySummariesSchemas>()('GET', '/api/trades/day-summaries'),
  getUnreadCount: declareEndpoint<typeof getUnreadCountSchemas>()('GET', '/api/notifications/unread-count'),
  getRuleCompliance: declareEndpoint<typeof getRuleComplianceSchemas>()('GET', '/api/risk/compliance'),
  listRiskLocks: declareEndpoint<typeof listRiskLocksSchemas>()('GET', '/api/risk/locks'),
  getJournalTags: declareEndpoint<typeof getJournalTagsSchemas>()('GET', '/api/journals/tags'),
  getJournalDay: declareEndpoint<typeof getJournalDaySchemas>()('GET', '/api/journals/days/:date'),
  listPlaybooks: declareEndpoint<typeof listPlaybooksSchemas>()('GET', '/api/playbooks'),
  getTradeChart: declareEndpoint<typeof getTradeChartSchemas>()('GET', '/api/trades/:tradeId/chart'),
  syncAccounts: declareEndpoint<typeof syncAccountsSchemas>()('POST', '/api/trading-accounts/sync'),
};
