import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DiscoverAccountsBody,
  DiscoverAccountsResponse,
  LinkAccountsBody,
  LinkAccountsResponse,
  LinkedAccountStatus,
  MessageBody,
  SyncQuery,
  SyncResponse,
} from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { discoverAccounts, linkAccounts } from './link.ts';
import { removeAccount, setAccountStatus } from './service.ts';
import { syncMemberAccounts } from './sync.ts';

const Params = z.object({ id: z.string().max(64) });

/** Linked-account management from the account screen (open to suspended members too). */
export async function tradingAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Linking is open to the account area (suspended members get the spec's 403 message).
  r.post(
    '/trading-accounts/discover',
    {
      schema: { tags: ['trading-accounts'], body: DiscoverAccountsBody, response: { 200: DiscoverAccountsResponse } },
      config: { access: 'user' },
    },
    (request) => discoverAccounts(ctx, authOf(request), request.body),
  );

  r.post(
    '/trading-accounts/link',
    {
      schema: { tags: ['trading-accounts'], body: LinkAccountsBody, response: { 200: LinkAccountsResponse } },
      config: { access: 'user' },
    },
    (request) => linkAccounts(ctx, authOf(request), request.body),
  );

  r.post(
    '/trading-accounts/sync',
    {
      schema: {
        tags: ['trading-accounts'],
        querystring: SyncQuery,
        response: { 200: SyncResponse, 429: MessageBody },
      },
      config: { access: 'member' },
    },
    // `respect_cooldown` (the spec's query) is accepted, but the cooldown holds without it too.
    async (request, reply) => {
      const result = await syncMemberAccounts(ctx, authOf(request).userId);
      if ('retryAfterSeconds' in result) {
        return reply.status(429).header('retry-after', String(result.retryAfterSeconds)).send({ message: result.message });
      }
      return result;
    },
  );

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
