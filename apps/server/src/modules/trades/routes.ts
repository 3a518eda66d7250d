import type { FastifyInstance } from 'fastify';
import { tradeEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { createManualTrade, daySummaries, deleteManualTrade, orderHistory } from './index.ts';

/** The member's trade history (trade log, daily log, TradeDesk) and manual trades. */
export async function tradeRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(tradeEndpoints.getOrderHistory, { access: 'member' }, (request) =>
    orderHistory(ctx, authOf(request), request.query),
  );

  route(tradeEndpoints.getDaySummaries, { access: 'member' }, (request) =>
    daySummaries(ctx, authOf(request), request.query),
  );

  route(tradeEndpoints.createManualTrade, { access: 'member' }, async (request, reply) => {
    const created = await createManualTrade(ctx, authOf(request).userId, request.body);
    return reply.status(201).send(created);
  });

  route(tradeEndpoints.deleteManualTrade, { access: 'member' }, (request) =>
    deleteManualTrade(ctx, authOf(request).userId, request.params.manualTradeId),
  );
}
