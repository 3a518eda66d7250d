import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tradingAccountEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { serverRoute } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { discoverAccounts, linkAccounts } from './link.ts';
import { removeAccount, setAccountStatus } from './service.ts';
import { syncMemberAccounts } from './sync.ts';

/** Linked-account management from the account screen (open to suspended members too). */
export async function tradingAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Linking is open to the account area (suspended members get the spec's 403 message).
  r.route({
    ...serverRoute(tradingAccountEndpoints.discoverAccounts),
    config: { access: 'user' },
    handler: (request) => discoverAccounts(ctx, authOf(request), request.body),
  });

  r.route({
    ...serverRoute(tradingAccountEndpoints.linkAccounts),
    config: { access: 'user' },
    handler: (request) => linkAccounts(ctx, authOf(request), request.body),
  });

  r.route({
    ...serverRoute(tradingAccountEndpoints.syncAccounts),
    config: { access: 'member' },
    // `respect_cooldown` (the spec's query) is accepted, but the cooldown holds without it too.
    handler: async (request, reply) => {
      const result = await syncMemberAccounts(ctx, authOf(request).userId);
      if ('retryAfterSeconds' in result) {
        return reply
          .status(429)
          .header('retry-after', String(result.retryAfterSeconds))
          .send({ message: result.message });
      }
      return result;
    },
  });

  r.route({
    ...serverRoute(tradingAccountEndpoints.updateTradingAccount),
    config: { access: 'user' },
    handler: (request) =>
      setAccountStatus(ctx, authOf(request).userId, request.params.id, request.body.status),
  });

  r.route({
    ...serverRoute(tradingAccountEndpoints.removeTradingAccount),
    config: { access: 'user' },
    handler: (request) => removeAccount(ctx, authOf(request).userId, request.params.id),
  });
}
