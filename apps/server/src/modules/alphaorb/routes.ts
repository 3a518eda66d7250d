import type { FastifyInstance } from 'fastify';
import { alphaorbEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { accountInstruments, listAccounts } from './accounts.ts';
import { botOverview, createBot, deleteBot, getBot, overview, updateBot } from './bots.ts';
import { botMonitor, hardStopBot, ownerBots, pauseBot, resumeBot } from './controls.ts';

const config = { access: 'member' as const, permission: 'alphaorb.manage' };
/**
 * Stopping is always allowed to the owner: a member who was suspended or lost AlphaORB must
 * still be able to pause a bot or close its trade (the account area), never locked out of it.
 */
const stopConfig = { access: 'user' as const };

/** AlphaORB (§7.1): every route needs alphaorb.manage and only sees the member's own bots. */
export async function alphaorbRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);
  const refreshLimit = app.createRateLimit({
    max: 1,
    timeWindow: 60_000,
    keyGenerator: (request) => `instruments-refresh|${(request.params as { id: string }).id}`,
  });

  route(alphaorbEndpoints.getOverview, config, (request) =>
    overview(ctx, authOf(request), request.query.range),
  );

  route(alphaorbEndpoints.getAccounts, config, (request) =>
    listAccounts(
      ctx,
      authOf(request).userId,
      (request.query.include ?? '').split(',').includes('instruments'),
    ),
  );

  route(alphaorbEndpoints.getAccountInstruments, config, async (request) => {
    const asked = ['1', 'true'].includes(request.query.refresh ?? '');
    // A refresh calls the broker on the platform-wide key: one per account per minute across
    // all instances; more often, the member gets the list already held.
    const limit = asked ? await refreshLimit(request) : null;
    const refresh = !!limit && (limit.isAllowed || !limit.isExceeded);
    return accountInstruments(ctx, authOf(request).userId, request.params.id, refresh);
  });

  route(alphaorbEndpoints.createBot, config, async (request, reply) =>
    reply.status(201).send(await createBot(ctx, authOf(request).userId, request.body)),
  );

  route(alphaorbEndpoints.getBot, config, (request) =>
    getBot(ctx, authOf(request).userId, request.params.id),
  );

  route(alphaorbEndpoints.updateBot, config, (request) =>
    updateBot(ctx, authOf(request).userId, request.params.id, request.body),
  );

  route(alphaorbEndpoints.deleteBot, config, (request) =>
    deleteBot(ctx, authOf(request).userId, request.params.id),
  );

  route(alphaorbEndpoints.getBotOverview, config, (request) =>
    botOverview(ctx, authOf(request).userId, request.params.id, request.query.range),
  );

  route(alphaorbEndpoints.getBotMonitor, config, (request) =>
    botMonitor(ctx, authOf(request), request.params.id),
  );

  route(alphaorbEndpoints.getOwnerBots, stopConfig, (request) =>
    ownerBots(ctx, authOf(request).userId),
  );

  route(alphaorbEndpoints.pauseBot, stopConfig, (request) =>
    pauseBot(ctx, authOf(request).userId, request.params.id),
  );

  route(alphaorbEndpoints.resumeBot, config, (request) =>
    resumeBot(ctx, authOf(request).userId, request.params.id),
  );

  route(alphaorbEndpoints.hardStopBot, stopConfig, (request) =>
    hardStopBot(ctx, authOf(request).userId, request.params.id, request.body?.run_id),
  );
}
