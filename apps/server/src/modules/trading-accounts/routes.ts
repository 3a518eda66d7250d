import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LinkedAccountStatus, MessageBody } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { removeAccount, setAccountStatus } from './service.ts';

const Params = z.object({ id: z.string().max(64) });

/** Linked-account management from the account screen (open to suspended members too). */
export async function tradingAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/trading-accounts/:id',
    {
      schema: {
        tags: ['trading-accounts'],
        params: Params,
        body: z.object({ status: LinkedAccountStatus }),
        response: { 200: z.object({ status: LinkedAccountStatus, updated_at: z.string() }) },
      },
      config: { access: 'user' },
    },
    (request) => setAccountStatus(ctx, authOf(request).userId, request.params.id, request.body.status),
  );

  r.delete(
    '/trading-accounts/:id',
    {
      schema: { tags: ['trading-accounts'], params: Params, response: { 200: MessageBody } },
      config: { access: 'user' },
    },
    (request) => removeAccount(ctx, authOf(request).userId, request.params.id),
  );
}
