import type { FastifyInstance } from 'fastify';
import { backtestEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { createBacktest, getBacktest } from './service.ts';

const config = { access: 'member' as const, permission: 'alphaorb.manage' };

/** AlphaORB backtests: queue one, then poll it until its result is in. Owner-scoped. */
export async function backtestRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(backtestEndpoints.createBacktest, config, async (request, reply) =>
    reply.status(202).send(await createBacktest(ctx, authOf(request).userId, request.body)),
  );

  route(backtestEndpoints.getBacktest, config, (request) =>
    getBacktest(ctx, authOf(request).userId, request.params.id),
  );
}
