/**
 * The endpoints the SPA entry calls (the profile behind every guard, the page-view beacon, the
 * trade reads shared by several features in lib/trade-data.ts), declared here without zod so the
 * entry stays small. Each one's schemas are attached by `withSchemas` in its feature's contracts
 * file, from where the server registers it; the types here are those schemas' own.
 */
import { declareEndpoint } from './endpoint.ts';
import type { recordPageViewSchemas } from './analytics.ts';
import type { getUnreadCountSchemas } from './notifications.ts';
import type { getProfileSchemas } from './profile.ts';
import type { getDaySummariesSchemas, getOrderHistorySchemas } from './trades.ts';

export const entryEndpoints = {
  getProfile: declareEndpoint<typeof getProfileSchemas>()('GET', '/api/me'),
  recordPageView: declareEndpoint<typeof recordPageViewSchemas>()('POST', '/api/analytics/page-views'),
  getOrderHistory: declareEndpoint<typeof getOrderHistorySchemas>()('GET', '/api/trades/order-history'),
  getDaySummaries: declareEndpoint<typeof getDaySummariesSchemas>()('GET', '/api/trades/day-summaries'),
  getUnreadCount: declareEndpoint<typeof getUnreadCountSchemas>()('GET', '/api/notifications/unread-count'),
};
