import type { FastifyInstance } from 'fastify';
import { billingEndpoints, type BillingPortalFlow } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { getSubscriptionDetails, openBillingPortal } from './subscription-service.ts';
import { handleStripeWebhook } from './webhook.ts';

/** The member's membership and billing portal (open to suspended members), and Stripe's webhook. */
export async function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(billingEndpoints.getSubscription, { access: 'user' }, (request) =>
    getSubscriptionDetails(ctx, authOf(request).userId),
  );

  for (const flow of Object.keys(billingEndpoints.openBillingPortal) as BillingPortalFlow[]) {
    route(billingEndpoints.openBillingPortal[flow], { access: 'user' }, (request) =>
      openBillingPortal(ctx, authOf(request).userId, flow),
    );
  }

  // Its own scope: the raw-body parser the signature check needs applies to this route only.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    routesOf(scope)(
      billingEndpoints.stripeWebhook,
      { access: 'public', xsrf: false },
      (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return handleStripeWebhook(ctx, body, Array.isArray(signature) ? signature[0] : signature);
      },
    );
  });
}
