import type { FastifyInstance } from 'fastify';
import { journalEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { getJournalDay, journalTags, saveJournalDay, saveTradeEntry } from './service.ts';

/** The daily journal: a day's narrative and the member's notes on each trade of the day. */
export async function journalRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(journalEndpoints.getJournalTags, { access: 'member' }, (request) => journalTags(ctx, authOf(request).userId));

  route(journalEndpoints.getJournalDay, { access: 'member' }, (request) =>
    getJournalDay(ctx, authOf(request).userId, request.params.date),
  );

  route(journalEndpoints.saveJournalDay, { access: 'member' }, (request) =>
    saveJournalDay(ctx, authOf(request).userId, request.params.date, request.body),
  );

  route(journalEndpoints.saveTradeEntry, { access: 'member' }, (request) =>
    saveTradeEntry(
      ctx,
      authOf(request).userId,
      request.params.date,
      request.params.tradeId,
      request.body,
    ),
  );
}
