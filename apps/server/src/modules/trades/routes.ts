import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tradeEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { serverRoute } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { createManualTrade, daySummaries, deleteManualTrade, orderHistory } from './index.ts';

/** The member's trade history (trade log, daily log, TradeDesk) and manual trades. */
export async function tradeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...serverRoute(tradeEndpoints.getOrderHistory),
    config: { access: 'member' },
    handler: (request) => orderHistory(ctx, authOf(request), request.query),
  });

  r.route({
    ...serverRoute(tradeEndpoints.getDaySummaries),
    config: { access: 'member' },
    handler: (request) => daySummaries(ctx, authOf(request), request.query),
  });

  r.route({
    ...serverRoute(tradeEndpoints.createManualTrade),
    config: { access: 'member' },
    handler: async (request, reply) => {
      const created = await createManualTrade(ctx, authOf(request).userId, request.body);
      return reply.status(201).send(created);
    },
  });

  r.route({
    ...serverRoute(tradeEndpoints.deleteManualTrade),
    config: { access: 'member' },
    handler: (request) => deleteManualTrade(ctx, authOf(request).userId, request.params.manualTradeId),
  });
}
