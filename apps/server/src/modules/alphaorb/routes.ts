import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BotAccount,
  BotDetailResponse,
  BotInput,
  BotOverview,
  BotSaved,
  HardStopBody,
  Instrument,
  MessageBody,
  MonitorResponse,
  Overview,
  OverviewQuery,
  OwnerBotsResponse,
} from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { accountInstruments, listAccounts } from './accounts.ts';
import { botOverview, createBot, deleteBot, getBot, overview, updateBot } from './bots.ts';
import { botMonitor, hardStopBot, ownerBots, pauseBot, resumeBot } from './controls.ts';

const Params = z.object({ id: z.string().max(64) });
const tags = ['alphaorb'];
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

  r.get(
    '/alphaorb/overview',
    { schema: { tags, querystring: OverviewQuery, response: { 200: Overview } }, config },
    (request) => overview(ctx, authOf(request).userId, request.query.range),
  );

  r.get(
    '/alphaorb/accounts',
    {
      schema: {
        tags,
        querystring: z.object({ include: z.string().optional() }),
        response: { 200: z.object({ accounts: z.array(BotAccount) }) },
      },
      config,
    },
    (request) => listAccounts(ctx, authOf(request).userId, (request.query.include ?? '').split(',').includes('instruments')),
  );

  r.get(
    '/alphaorb/accounts/:id/instruments',
    {
      schema: {
        tags,
        params: Params,
        querystring: z.object({ refresh: z.string().optional() }),
        response: { 200: z.object({ instruments: z.array(Instrument) }) },
      },
      config,
    },
    async (request) => {
      const asked = ['1', 'true'].includes(request.query.refresh ?? '');
      // A refresh calls the broker on the platform-wide key: one per account per minute across
      // all instances; more often, the member gets the list already held.
      const limit = asked ? await refreshLimit(request) : null;
      const refresh = !!limit && (limit.isAllowed || !limit.isExceeded);
      return accountInstruments(ctx, authOf(request).userId, request.params.id, refresh);
    },
  );

  r.post(
    '/alphaorb/bots',
    { schema: { tags, body: BotInput, response: { 201: BotSaved } }, config },
    async (request, reply) => reply.status(201).send(await createBot(ctx, authOf(request).userId, request.body)),
  );

  r.get(
    '/alphaorb/bots/:id',
    { schema: { tags, params: Params, response: { 200: BotDetailResponse } }, config },
    (request) => getBot(ctx, authOf(request).userId, request.params.id),
  );

  r.put(
    '/alphaorb/bots/:id',
    { schema: { tags, params: Params, body: BotInput, response: { 200: BotSaved } }, config },
    (request) => updateBot(ctx, authOf(request).userId, request.params.id, request.body),
  );

  r.delete(
    '/alphaorb/bots/:id',
    { schema: { tags, params: Params, response: { 200: MessageBody } }, config },
    (request) => deleteBot(ctx, authOf(request).userId, request.params.id),
  );

  r.get(
    '/alphaorb/bots/:id/overview',
    { schema: { tags, params: Params, querystring: OverviewQuery, response: { 200: BotOverview } }, config },
    (request) => botOverview(ctx, authOf(request).userId, request.params.id, request.query.range),
  );

  r.get(
    '/alphaorb/bots/:id/monitor',
    { schema: { tags, params: Params, response: { 200: MonitorResponse } }, config },
    (request) => botMonitor(ctx, authOf(request).userId, request.params.id),
  );

  r.get(
    '/me/bots',
    { schema: { tags, response: { 200: OwnerBotsResponse } }, config: stopConfig },
    (request) => ownerBots(ctx, authOf(request).userId),
  );

  r.post(
    '/alphaorb/bots/:id/pause',
    { schema: { tags, params: Params, response: { 200: MonitorResponse } }, config: stopConfig },
    (request) => pauseBot(ctx, authOf(request).userId, request.params.id),
  );

  r.post(
    '/alphaorb/bots/:id/resume',
    { schema: { tags, params: Params, response: { 200: MonitorResponse } }, config },
    (request) => resumeBot(ctx, authOf(request).userId, request.params.id),
  );

  r.post(
    '/alphaorb/bots/:id/hard-stop',
    { schema: { tags, params: Params, body: HardStopBody, response: { 200: MonitorResponse } }, config: stopConfig },
    (request) => hardStopBot(ctx, authOf(request).userId, request.params.id, request.body?.run_id),
  );
}
