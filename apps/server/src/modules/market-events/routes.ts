import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { marketEventEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { serverRoute } from '../../lib/routes.ts';
import { listMarketEvents } from './service.ts';

/** The economic calendar of the current week (members only). */
export async function marketEventRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...serverRoute(marketEventEndpoints.getMarketEvents),
    config: { access: 'member' },
    handler: (request) => listMarketEvents(ctx, request.query),
  });
}
