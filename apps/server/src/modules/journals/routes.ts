import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  JournalDayParams,
  JournalDayRequest,
  JournalDayResponse,
  JournalTradeParams,
  JournalTradeRequest,
} from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { getJournalDay, saveJournalDay, saveTradeEntry } from './service.ts';

/** The daily journal: a day's narrative and the member's notes on each trade of the day. */
export async function journalRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/journals/days/:date',
    {
      schema: {
        tags: ['journals'],
        params: JournalDayParams,
        response: { 200: JournalDayResponse },
      },
      config: { access: 'member' },
    },
    (request) => getJournalDay(ctx, authOf(request).userId, request.params.date),
  );

  r.put(
    '/journals/days/:date',
    {
      schema: {
        tags: ['journals'],
        params: JournalDayParams,
        body: JournalDayRequest,
        response: { 200: JournalDayResponse },
      },
      config: { access: 'member' },
    },
    (request) => saveJournalDay(ctx, authOf(request).userId, request.params.date, request.body),
  );

  r.put(
    '/journals/days/:date/trades/:tradeId',
    {
      schema: {
        tags: ['journals'],
        params: JournalTradeParams,
        body: JournalTradeRequest,
        response: { 200: JournalDayResponse },
      },
      config: { access: 'member' },
    },
    (request) =>
      saveTradeEntry(
        ctx,
        authOf(request).userId,
        request.params.date,
        request.params.tradeId,
        request.body,
      ),
  );
}
