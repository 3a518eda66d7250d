import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { serverRoute } from '../../lib/routes.ts';
import { pageViews } from '../../db/schema/index.ts';

/** First-party page views: the default analytics sink, no third party involved. */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...serverRoute(analyticsEndpoints.recordPageView),
    // Sent by navigator.sendBeacon, which cannot add headers; recording a view changes nothing else.
    config: { access: 'public', xsrf: false, rateLimit: { max: 120, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      await ctx.db.insert(pageViews).values({
        userId: request.auth?.userId ?? null,
        path: request.body.path,
        referrer: request.body.referrer ?? null,
      });
      return reply.status(204).send();
    },
  });
}
