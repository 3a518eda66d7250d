import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alphaorbEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { serverRoute } from '../../lib/routes.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const refreshLimit = app.createRateLimit({
    max: 1,
    timeWindow: 60_000,
    keyGenerator: (request) => `instruments-refresh|${(request.params as { id: string }).id}`,
  });

  r.route({
    ...serverRoute(alphaorbEndpoints.getOverview),
    config,
    handler: (request) => overview(ctx, authOf(request).userId, request.query.range),
  });

  r.route({
    ...serverRoute(alphaorbEndpoints.getAccounts),
    config,
    handler: (request) =>
      listAccounts(
        ctx,
        authOf(request).userId,
        (request.query.include ?? '').split(',').includes('instruments'),
      ),
  });

  r.route({
    ...serverRoute(alphaorbEndpoints.getAccountInstruments),
    config,
    handler: async (request) => {
      const asked = ['1', 'true'].includes(request.query.refresh ?? '');
      // A refresh calls the broker on the platform-wide key: one per account per minute across
      // all instances; more often, the member gets the list already held.
      const limit = asked ? await refreshLimit(request) : null;
      const refresh = !!limit && (limit.isAllowed || !limit.isExceeded);
      return accountInstruments(ctx, authOf(request).userId, request.params.id, refresh);
    },
  });

  r.route({
    ...serverRoute(alphaorbEndpoints.createBot),
    config,
    handler: async (request, reply) =>
      reply.status(201).send(await createBot(ctx, authOf(request).userId, request.body)),
  });

  r.route({
    ...serverRoute(alphaorbEndpoints.getBot),
    config,
    handler: (request) => getBot(ctx, authOf(request).userId, request.params.id),
  });

  r.route({
    ...serverRoute(alphaorbEndpoints.updateBot),
    config,
    handler: (request) => updateBot(ctx, authOf(request).userId, request.params.id, request.body),
  });

  r.route({
    ...serverRoute(alphaorbEndpoints.deleteBot),
    config,
    handler: (request) => deleteBot(ctx, authOf(request).userId, request.params.id),
  });

  r.route({
    ...serverRoute(alphaorbEndpoints.getBotOverview),
    config,
    handler: (request) =>
      botOverview(ctx, authOf(request).userId, request.params.id, request.query.range),
  });

  r.route({
    ...serverRoute(alphaorbEndpoints.getBotMonitor),
    config,
    handler: (request) => botMonitor(ctx, authOf(request).userId, request.params.id),
  });

  r.route({
    ...serverRoute(alphaorbEndpoints.getOwnerBots),
    config: stopConfig,
    handler: (request) => ownerBots(ctx, authOf(request).userId),
  });

  r.route({
    ...serverRoute(alphaorbEndpoints.pauseBot),
    config: stopConfig,
    handler: (request) => pauseBot(ctx, authOf(request).userId, request.params.id),
  });

  r.route({
    ...serverRoute(alphaorbEndpoints.resumeBot),
    config,
    handler: (request) => resumeBot(ctx, authOf(request).userId, request.params.id),
  });

  r.route({
    ...serverRoute(alphaorbEndpoints.hardStopBot),
    config: stopConfig,
    handler: (request) =>
      hardStopBot(ctx, authOf(request).userId, request.params.id, request.body?.run_id),
  });
}
