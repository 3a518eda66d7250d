import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountEndpoints, profileEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { tooManyAttemptsResponse } from '../../lib/rate-limits.ts';
import { authOf } from '../../plugins/auth.ts';
import { updateCredentials } from './credentials.ts';
import { keptProfile, updateDetails } from './profile.ts';

/** The signed-in member's own record; open to suspended members (the account area). */
export async function memberRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(profileEndpoints.getProfile, { access: 'user' }, (request) => keptProfile(ctx, authOf(request)));

  route(accountEndpoints.updateDetails, { access: 'user' }, (request) =>
    updateDetails(ctx, authOf(request).userId, request.body),
  );

  route(
    accountEndpoints.updateCredentials,
    {
      access: 'user',
      // Guesses at the current password with a taken token: a handful per quarter hour.
      rateLimit: {
        max: 10,
        timeWindow: 15 * 60_000,
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) =>
          `credentials|${request.auth?.userId ?? request.ip}`,
        errorResponseBuilder: tooManyAttemptsResponse,
      },
    },
    (request) => updateCredentials(ctx, authOf(request), request.body),
  );
}
