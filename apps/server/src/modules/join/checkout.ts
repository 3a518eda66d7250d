import type Stripe from 'stripe';
import { JOIN_TRIAL_DAYS, type JoinPlanKey } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';

export const CHECKOUT_FAILED = 'We could not start checkout. Please try again in a moment.';

export type Checkout = { customerId: string; sessionId: string; url: string };

type NewMember = { id: string; email: string; firstName: string; lastName: string };

/** The founding offer is billed on the Trader price; only Automation has its own. */
function priceFor(ctx: AppContext, plan: JoinPlanKey): string | undefined {
  return plan === 'automation' ? ctx.config.STRIPE_PRICE_AUTOMATION : ctx.config.STRIPE_PRICE_TRADER;
}

/**
 * Creates the member's Stripe customer and a subscription-mode Checkout Session with the
 * 7-day trial. Idempotency keys carry the new member's id, so stripe-node's retries never
 * create a second customer or session.
 */
export async function startCheckout(
  ctx: AppContext,
  stripe: Stripe,
  member: NewMember,
  plan: JoinPlanKey,
): Promise<Checkout> {
  const price = priceFor(ctx, plan);
  if (!price) {
    ctx.log.error({ plan }, 'join: Stripe is configured without a price id for this plan');
    throw new AppError('upstream', CHECKOUT_FAILED);
  }
  const metadata = { user_id: member.id, plan };
  let customerId: string | undefined;
  try {
    const customer = await stripe.customers.create(
      { email: member.email, name: `${member.firstName} ${member.lastName}`, metadata },
      { idempotencyKey: `join-customer-${member.id}` },
    );
    customerId = customer.id;
    const signIn = `${ctx.config.APP_URL}/account/login?joined=1&email=${encodeURIComponent(member.email)}`;
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: customer.id,
        client_reference_id: member.id,
        line_items: [{ price, quantity: 1 }],
        subscription_data: { trial_period_days: JOIN_TRIAL_DAYS, metadata },
        success_url: signIn,
        cancel_url: `${ctx.config.APP_URL}/join/cancel`,
        metadata,
      },
      { idempotencyKey: `join-checkout-${member.id}` },
    );
    if (!session.url) throw new Error(`Checkout Session ${session.id} came back without a url`);
    return { customerId: customer.id, sessionId: session.id, url: session.url };
  } catch (error) {
    ctx.log.error({ err: error, userId: member.id }, 'join: could not start Stripe Checkout');
    if (customerId) await discardCustomer(ctx, stripe, customerId);
    throw new AppError('upstream', CHECKOUT_FAILED);
  }
}

/** Best effort: a customer whose member was never created should not linger in Stripe. */
export async function discardCustomer(ctx: AppContext, stripe: Stripe, customerId: string) {
  try {
    await stripe.customers.del(customerId);
  } catch (error) {
    ctx.log.warn({ err: error, customerId }, 'join: could not delete an orphaned Stripe customer');
  }
}
