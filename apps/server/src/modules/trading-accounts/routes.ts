import type { FastifyInstance } from 'fastify';
import { tradingAccountEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { discoverAccounts, linkAccounts } from './link.ts';
import { removeAccount, setAccountStatus } from './service.ts';
import { syncMemberAccounts } from './sync.ts';

/** Linked-account management from the account screen (open to suspended members too). */
export async function tradingAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  // Linking is open to the account area (suspended members get the spec's 403 message).
  route(tradingAccountEndpoints.discoverAccounts, { access: 'user' }, (request) =>
    discoverAccounts(ctx, authOf(request), request.body),
  );

  route(tradingAccountEndpoints.linkAccounts, { access: 'user' }, (request) =>
    linkAccounts(ctx, authOf(request), request.body),
  );

  // `respect_cooldown` (the spec's query) is accepted, but the cooldown holds without it too.
  route(tradingAccountEndpoints.syncAccounts, { access: 'member' }, async (request, reply) => {
    const result = await syncMemberAccounts(ctx, authOf(request).userId);
    if ('retryAfterSeconds' in result) {
      return reply
        .status(429)
        .header('retry-after', String(result.retryAfterSeconds))
        .send({ message: result.message });
    }
    return result;
  });

  route(tradingAccountEndpoints.updateTradingAccount, { access: 'user' }, (request) =>
    setAccountStatus(ctx, authOf(request).userId, request.params.id, request.body.status),
  );

  route(tradingAccountEndpoints.removeTradingAccount, { access: 'user' }, (request) =>
    removeAccount(ctx, authOf(request).userId, request.params.id),
  );
}
