import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BillingPortalResponse, StripeWebhookAck, SubscriptionDetailsResponse, type BillingPortalFlow } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { getSubscriptionDetails, openBillingPortal } from './subscription-service.ts';
import { handleStripeWebhook } from './webhook.ts';

const PORTAL_PATHS: Record<BillingPortalFlow, string> = {
  manage: '/me/subscription/portal',
  update: '/me/subscription/portal/update',
  cancel: '/me/subscription/portal/cancel',
};

/** The member's membership and billing portal (open to suspended members), and Stripe's webhook. */
export async function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/me/subscription',
    { schema: { tags: ['billing'], response: { 200: SubscriptionDetailsResponse } }, config: { access: 'user' } },
    (request) => getSubscriptionDetails(ctx, authOf(request).userId),
  );

  for (const [flow, path] of Object.entries(PORTAL_PATHS) as [BillingPortalFlow, string][]) {
    r.post(
      path,
      { schema: { tags: ['billing'], response: { 200: BillingPortalResponse } }, config: { access: 'user' } },
      (request) => openBillingPortal(ctx, authOf(request).userId, flow),
    );
  }

  // Its own scope: the raw-body parser the signature check needs applies to this route only.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/stripe/webhook',
      {
        schema: { tags: ['billing'], hide: true, response: { 200: StripeWebhookAck } },
        config: { access: 'public', xsrf: false },
      },
      (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return handleStripeWebhook(ctx, body, Array.isArray(signature) ? signature[0] : signature);
      },
    );
  });
}
