import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { alphaorbRoutes } from './alphaorb/routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { backtestRoutes } from './backtests/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import { dataRightsRoutes } from './data-rights/routes.ts';
import { courseRoutes } from './courses/routes.ts';
import { joinRoutes } from './join/routes.ts';
import { levelsRoutes } from './levels/routes.ts';
import { liveSessionRoutes } from './live-sessions/routes.ts';
import { marketEventRoutes } from './market-events/routes.ts';
import { memberRoutes } from './members/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { staffRoutes } from './staff/routes.ts';
import { staffContentRoutes } from './staff-content/routes.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { tradingAccountRoutes } from './trading-accounts/routes.ts';
import { tradeRoutes } from './trades/routes.ts';
import { tradeChartRoutes } from './trade-chart/routes.ts';
import { journalRoutes } from './journals/routes.ts';
import { playbookRoutes } from './playbooks/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { riskRoutes } from './risk/routes.ts';
import { communityRoutes } from './community/routes.ts';

export type ApiModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** Every API module, registered under /api in this order. */
export const apiModules: ApiModule[] = [
  authRoutes,
  memberRoutes,
  dataRightsRoutes,
  tradingAccountRoutes,
  analyticsRoutes,
  staffRoutes,
  staffContentRoutes,
  uploadRoutes,
  joinRoutes,
  courseRoutes,
  billingRoutes,
  liveSessionRoutes,
  levelsRoutes,
  marketEventRoutes,
  tradeRoutes,
  tradeChartRoutes,
  journalRoutes,
  playbookRoutes,
  reportRoutes,
  riskRoutes,
  communityRoutes,
  notificationRoutes,
  // Before AlphaORB: its routes must never shadow /alphaorb/backtests.
  backtestRoutes,
  alphaorbRoutes,
];
