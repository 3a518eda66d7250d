import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LoginRequest,
  LoginResponse,
  MessageBody,
  PasswordInviteRequest,
  PasswordRemindRequest,
  PasswordResetRequest,
} from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import * as auth from './service.ts';

const retryMessage = (_req: FastifyRequest, context: { after: string; ttl: number }) => ({
  statusCode: 429,
  message: `Too many attempts. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
});

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const resetLimit = {
    max: ctx.config.RESET_RATE_LIMIT,
    timeWindow: 15 * 60_000,
    errorResponseBuilder: retryMessage,
  };

  r.post(
    '/login',
    {
      schema: { tags: ['auth'], body: LoginRequest, response: { 200: LoginResponse } },
      config: {
        access: 'public',
        rateLimit: {
          max: ctx.config.LOGIN_RATE_LIMIT,
          timeWindow: 60_000,
          // The key needs the parsed body, so count after parsing rather than on request.
          hook: 'preValidation',
          // Per address and IP: one attacker cannot lock a member out from elsewhere.
          keyGenerator: (req: FastifyRequest) =>
            `${req.ip}|${String((req.body as { username?: unknown } | undefined)?.username ?? '').trim().toLowerCase()}`,
          errorResponseBuilder: retryMessage,
        },
      },
    },
    (request) => auth.login(ctx, request.body),
  );

  r.post(
    '/logout',
    { schema: { tags: ['auth'], response: { 200: MessageBody } }, config: { access: 'user' } },
    (request) => auth.logout(ctx, authOf(request).tokenId),
  );

  r.post(
    '/password/remind',
    {
      schema: { tags: ['auth'], body: PasswordRemindRequest, response: { 200: MessageBody } },
      config: { access: 'public', rateLimit: resetLimit },
    },
    (request) => auth.remindPassword(ctx, request.body),
  );

  r.post(
    '/password/invite',
    {
      schema: { tags: ['auth'], body: PasswordInviteRequest, response: { 200: MessageBody } },
      config: { access: 'public', rateLimit: resetLimit },
    },
    (request) => auth.sendInvite(ctx, request.body),
  );

  r.post(
    '/password/reset',
    {
      schema: { tags: ['auth'], body: PasswordResetRequest, response: { 200: MessageBody } },
      config: { access: 'public', rateLimit: resetLimit },
    },
    (request) => auth.resetPassword(ctx, request.body),
  );
}
