import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { BillingPortalFlow, SubscriptionDetails } from '@th/contracts';
import { isExternallyBilled } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { stripeClient } from './stripe-client.ts';

export const NO_STRIPE_CUSTOMER = 'We were unable to find a Stripe customer for this account.';
export const PORTAL_FAILED = 'We could not create a Stripe billing session.';
export const NO_SUBSCRIPTION = 'No active membership was detected for this account.';

async function membershipOf(ctx: AppContext, userId: string) {
  const [row] = await ctx.db
    .select({ subscription: subscriptions, customerId: users.stripeCustomerId })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('unauthenticated', 'Unauthenticated.');
  return { subscription: row.subscription, customerId: row.customerId ?? row.subscription?.stripeCustomerId ?? null };
}

/** GET /api/me/subscription: the member's membership as the subscription page shows it. */
export async function getSubscriptionDetails(ctx: AppContext, userId: string): Promise<{ data: SubscriptionDetails | null }> {
  const { subscription: sub, customerId } = await membershipOf(ctx, userId);
  if (!sub) return { data: null };
  const renewal = sub.currentPeriodEnd?.toISOString() ?? null;
  return {
    data: {
      plan_name: sub.planName,
      vendor: sub.vendor,
      status: sub.status,
      renewal_date: renewal,
      interval: sub.interval,
      // Internal and skool memberships are billed elsewhere: there is no portal to open.
      can_manage: !isExternallyBilled(sub.vendor) && customerId !== null && stripeClient(ctx.config) !== null,
      stripe:
        sub.vendor === 'stripe'
          ? {
              status: sub.status,
              subscription_id: sub.stripeSubscriptionId,
              cancel_at_period_end: sub.cancelAtPeriodEnd,
              cancel_at: sub.cancelAt?.toISOString() ?? null,
              current_period_end: renewal,
              unit_amount: sub.unitAmount,
              currency: sub.currency,
              interval: sub.interval,
              interval_count: sub.intervalCount,
            }
          : null,
    },
  };
}

/** The Billing Portal's deep links: straight to changing or cancelling the subscription. */
function flowData(flow: BillingPortalFlow, subscriptionId: string, returnUrl: string) {
  const afterCompletion = { type: 'redirect' as const, redirect: { return_url: returnUrl } };
  if (flow === 'update') {
    return { type: 'subscription_update' as const, subscription_update: { subscription: subscriptionId }, after_completion: afterCompletion };
  }
  return { type: 'subscription_cancel' as const, subscription_cancel: { subscription: subscriptionId }, after_completion: afterCompletion };
}

/** POST /api/me/subscription/portal[/update|/cancel]: a Stripe Billing Portal session URL. */
export async function openBillingPortal(ctx: AppContext, userId: string, flow: BillingPortalFlow) {
  const { subscription, customerId } = await membershipOf(ctx, userId);
  if (subscription && isExternallyBilled(subscription.vendor)) {
    throw new AppError(
      'conflict',
      `This membership is not billed through the online billing portal. Contact ${ctx.config.SUPPORT_EMAIL} to change it.`,
    );
  }
  if (!customerId) throw new AppError('not_found', NO_STRIPE_CUSTOMER);
  const subscriptionId = subscription?.stripeSubscriptionId;
  if (flow !== 'manage' && !subscriptionId) throw new AppError('not_found', NO_SUBSCRIPTION);

  const stripe = stripeClient(ctx.config);
  if (!stripe) throw new AppError('unavailable', PORTAL_FAILED);
  const returnUrl = `${ctx.config.APP_URL}/account/subscription`;
  const params: Stripe.BillingPortal.SessionCreateParams = {
    customer: customerId,
    return_url: returnUrl,
    ...(flow !== 'manage' && subscriptionId && { flow_data: flowData(flow, subscriptionId, returnUrl) }),
  };
  try {
    const session = await stripe.billingPortal.sessions.create(params);
    return { url: session.url };
  } catch (error) {
    ctx.log.error({ err: error, userId, flow }, 'billing: could not create a billing portal session');
    throw new AppError('upstream', PORTAL_FAILED);
  }
}
