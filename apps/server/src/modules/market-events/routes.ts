import type { FastifyInstance } from 'fastify';
import { marketEventEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { listMarketEvents } from './service.ts';
import { authOf } from '../../plugins/auth.ts';

/** The economic calendar of the current week (members only). */
export async function marketEventRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(marketEventEndpoints.getMarketEvents, { access: 'member' }, (request) =>
    listMarketEvents(ctx, authOf(request), request.query),
  );
}
