import type { FastifyInstance } from 'fastify';
import { tradeChartEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { getTradeChart } from './service.ts';

/** The trade chart of the trade detail: a member's own journal trades only. */
export async function tradeChartRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(tradeChartEndpoints.getTradeChart, { access: 'member' }, (request) =>
    getTradeChart(ctx, authOf(request).userId, request.params.tradeId, request.query.timeframe),
  );
}
