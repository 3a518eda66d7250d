import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MarketEventsQuery, MarketEventsResponse } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { listMarketEvents } from './service.ts';

/** The economic calendar of the current week (members only). */
export async function marketEventRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/market-events',
    {
      schema: { tags: ['market-events'], querystring: MarketEventsQuery, response: { 200: MarketEventsResponse } },
      config: { access: 'member' },
    },
    (request) => listMarketEvents(ctx, request.query),
  );
}
