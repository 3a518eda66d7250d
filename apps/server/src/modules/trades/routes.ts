import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DaySummariesQuery,
  DaySummariesResponse,
  ManualTradeRequest,
  MessageBody,
  OrderHistoryQuery,
  OrderHistoryResponse,
  TradeResponse,
} from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { createManualTrade, daySummaries, deleteManualTrade, orderHistory } from './index.ts';

/** The member's trade history (trade log, daily log, TradeDesk) and manual trades. */
export async function tradeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/trades/order-history',
    {
      schema: {
        tags: ['trades'],
        querystring: OrderHistoryQuery,
        response: { 200: OrderHistoryResponse },
      },
      config: { access: 'member' },
    },
    (request) => orderHistory(ctx, authOf(request), request.query),
  );

  r.get(
    '/trades/day-summaries',
    {
      schema: {
        tags: ['trades'],
        querystring: DaySummariesQuery,
        response: { 200: DaySummariesResponse },
      },
      config: { access: 'member' },
    },
    (request) => daySummaries(ctx, authOf(request), request.query),
  );

  r.post(
    '/trades/manual',
    {
      schema: { tags: ['trades'], body: ManualTradeRequest, response: { 201: TradeResponse } },
      config: { access: 'member' },
    },
    async (request, reply) => {
      const created = await createManualTrade(ctx, authOf(request).userId, request.body);
      return reply.status(201).send(created);
    },
  );

  r.delete(
    '/trades/manual/:manualTradeId',
    {
      schema: {
        tags: ['trades'],
        params: z.object({ manualTradeId: z.string().max(64) }),
        response: { 200: MessageBody },
      },
      config: { access: 'member' },
    },
    (request) => deleteManualTrade(ctx, authOf(request).userId, request.params.manualTradeId),
  );
}
