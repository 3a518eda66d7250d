import type Stripe from 'stripe';
import { JOIN_PLANS } from '@th/contracts';
import { isMembershipHealthy } from '@th/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { setStanding } from '../members/index.ts';

const fromUnix = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Why a member whose Stripe subscription is unhealthy was suspended (shown to staff). */
const SUSPENDED_REASONS: Record<string, string> = {
  past_due: 'Payment failed; the membership is set to cancel',
  unpaid: 'Payment failed',
  canceled: 'Membership canceled',
  incomplete: 'Checkout incomplete',
  incomplete_expired: 'Checkout expired',
  paused: 'Membership paused',
};

/** The plan a Stripe subscription is for: join's metadata first, else its price id. */
function planOf(ctx: AppContext, subscription: Stripe.Subscription) {
  const price = subscription.items.data[0]?.price;
  const byMetadata = JOIN_PLANS.find((plan) => plan.key === subscription.metadata?.plan);
  const byPrice =
    price?.id && price.id === ctx.config.STRIPE_PRICE_AUTOMATION
      ? JOIN_PLANS.find((plan) => plan.key === 'automation')
      : price?.id && price.id === ctx.config.STRIPE_PRICE_TRADER
        ? JOIN_PLANS.find((plan) => plan.key === 'trader')
        : undefined;
  const plan = byMetadata ?? byPrice;
  return { key: plan?.key ?? 'trader', name: plan?.name ?? price?.nickname ?? 'Membership' };
}

/**
 * The fields we mirror from a subscription as Stripe currently has it. The billing period
 * lives on the subscription item in current API versions, on the subscription in older ones.
 */
export function mirrorOf(ctx: AppContext, subscription: Stripe.Subscription) {
  const item = subscription.items.data[0];
  const legacy = subscription as unknown as { current_period_end?: number };
  const recurring = item?.price.recurring;
  const plan = planOf(ctx, subscription);
  return {
    vendor: 'stripe',
    planKey: plan.key,
    planName: plan.name,
    status: subscription.status,
    interval: recurring?.interval ?? 'year',
    intervalCount: recurring?.interval_count ?? 1,
    unitAmount: item?.price.unit_amount ?? null,
    currency: item?.price.currency ?? subscription.currency ?? 'usd',
    currentPeriodEnd: fromUnix(item?.current_period_end ?? legacy.current_period_end),
    trialEnd: fromUnix(subscription.trial_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt: fromUnix(subscription.cancel_at),
    stripeCustomerId: idOf(subscription.customer),
    stripeSubscriptionId: subscription.id,
  };
}

/**
 * Writes Stripe's current view of a member's subscription and derives membership health:
 * active when healthy (platform §4), otherwise suspended with a reason. Runs inside the
 * webhook's transaction so the effect and the event record commit together.
 */
export async function applyStripeSubscription(
  tx: Executor,
  ctx: AppContext,
  userId: string,
  subscription: Stripe.Subscription,
) {
  const mirror = mirrorOf(ctx, subscription);
  const now = ctx.now();
  await tx
    .insert(subscriptions)
    .values({ userId, ...mirror, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { ...mirror, updatedAt: now } });

  const healthy = isMembershipHealthy({
    status: mirror.status,
    cancel_at_period_end: mirror.cancelAtPeriodEnd,
    cancel_at: mirror.cancelAt?.toISOString() ?? null,
  });
  await setStanding(
    tx,
    [userId],
    {
      status: healthy ? 'active' : 'suspended',
      suspendedReason: healthy ? null : (SUSPENDED_REASONS[mirror.status] ?? `Subscription ${mirror.status}`),
      ...(mirror.stripeCustomerId && { stripeCustomerId: mirror.stripeCustomerId }),
    },
    now,
  );
  return { healthy, status: mirror.status };
}
