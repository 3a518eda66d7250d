import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { journalEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { serverRoute } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { getJournalDay, saveJournalDay, saveTradeEntry } from './service.ts';

/** The daily journal: a day's narrative and the member's notes on each trade of the day. */
export async function journalRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...serverRoute(journalEndpoints.getJournalDay),
    config: { access: 'member' },
    handler: (request) => getJournalDay(ctx, authOf(request).userId, request.params.date),
  });

  r.route({
    ...serverRoute(journalEndpoints.saveJournalDay),
    config: { access: 'member' },
    handler: (request) =>
      saveJournalDay(ctx, authOf(request).userId, request.params.date, request.body),
  });

  r.route({
    ...serverRoute(journalEndpoints.saveTradeEntry),
    config: { access: 'member' },
    handler: (request) =>
      saveTradeEntry(
        ctx,
        authOf(request).userId,
        request.params.date,
        request.params.tradeId,
        request.body,
      ),
  });
}
