import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { AppError } from '../../errors.ts';
import { tooManyAttempts, tooManyAttemptsResponse } from '../../lib/rate-limits.ts';
import { authOf } from '../../plugins/auth.ts';
import * as auth from './service.ts';

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);
  const resetLimit = {
    max: ctx.config.RESET_RATE_LIMIT,
    timeWindow: 15 * 60_000,
    errorResponseBuilder: tooManyAttemptsResponse,
  };

  // Per IP alone, before the body is read: made-up addresses each start a fresh per-address
  // count, and every attempt costs a password hash. (The plugin runs one limit per request, so
  // this second one is applied by hand.)
  const ipLimit = app.createRateLimit({
    max: ctx.config.LOGIN_ADDRESS_RATE_LIMIT,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `login-ip|${req.ip}`,
  });
  const addressLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await ipLimit(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw new AppError('rate_limited', tooManyAttempts(limit.ttl));
    }
  };

  route(
    authEndpoints.login,
    {
      access: 'public',
      rateLimit: {
        max: ctx.config.LOGIN_RATE_LIMIT,
        timeWindow: 60_000,
        // The key needs the parsed body, so count after parsing rather than on request.
        hook: 'preValidation',
        // Per address and IP: one attacker cannot lock a member out from elsewhere.
        keyGenerator: (req: FastifyRequest) =>
          `${req.ip}|${String((req.body as { username?: unknown } | undefined)?.username ?? '')
            .trim()
            .toLowerCase()}`,
        errorResponseBuilder: tooManyAttemptsResponse,
      },
    },
    (request) => auth.login(ctx, request.body),
    { onRequest: addressLimit },
  );

  route(authEndpoints.logout, { access: 'user' }, (request) =>
    auth.logout(ctx, authOf(request).tokenId),
  );

  route(
    authEndpoints.requestPasswordReminder,
    { access: 'public', rateLimit: resetLimit },
    (request) => auth.requestPasswordMail(ctx, 'remind', request.body),
  );

  route(authEndpoints.requestInvite, { access: 'public', rateLimit: resetLimit }, (request) =>
    auth.requestPasswordMail(ctx, 'invite', request.body),
  );

  route(authEndpoints.resetPassword, { access: 'public', rateLimit: resetLimit }, (request) =>
    auth.resetPassword(ctx, request.body),
  );
}
