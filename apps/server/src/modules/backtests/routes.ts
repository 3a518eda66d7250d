import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BacktestCreated, BacktestInput, BacktestResponse } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { createBacktest, getBacktest } from './service.ts';

const tags = ['alphaorb'];
const config = { access: 'member' as const, permission: 'alphaorb.manage' };

/** AlphaORB backtests: queue one, then poll it until its result is in. Owner-scoped. */
export async function backtestRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/alphaorb/backtests',
    { schema: { tags, body: BacktestInput, response: { 202: BacktestCreated } }, config },
    async (request, reply) => reply.status(202).send(await createBacktest(ctx, authOf(request).userId, request.body)),
  );

  r.get(
    '/alphaorb/backtests/:id',
    { schema: { tags, params: z.object({ id: z.string().max(64) }), response: { 200: BacktestResponse } }, config },
    (request) => getBacktest(ctx, authOf(request).userId, request.params.id),
  );
}
