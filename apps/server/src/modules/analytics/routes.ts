import type { FastifyInstance } from 'fastify';
import { analyticsEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { pageViews } from '../../db/schema/index.ts';

/** First-party page views: the default analytics sink, no third party involved. */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext) {
  routesOf(app)(
    analyticsEndpoints.recordPageView,
    // Sent by navigator.sendBeacon, which cannot add headers; recording a view changes nothing else.
    { access: 'public', xsrf: false, rateLimit: { max: 120, timeWindow: 60_000 } },
    async (request, reply) => {
      await ctx.db.insert(pageViews).values({
        userId: request.auth?.userId ?? null,
        path: request.body.path,
        referrer: request.body.referrer ?? null,
      });
      return reply.status(204).send();
    },
  );
}
