import type { FastifyInstance, FastifyRequest } from 'fastify';
import { joinEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { join } from './service.ts';

export async function joinRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);
  route(
    joinEndpoints.createJoin,
    {
      access: 'public',
      // Same budget as sign-in, per IP: creating accounts is as attractive to abuse.
      rateLimit: {
        max: ctx.config.LOGIN_RATE_LIMIT,
        timeWindow: 60_000,
        keyGenerator: (req: FastifyRequest) => req.ip,
        errorResponseBuilder: (_req: FastifyRequest, context: { ttl: number }) => ({
          statusCode: 429,
          message: `Too many attempts. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
        }),
      },
    },
    (request) => join(ctx, request.body),
  );
}
