/**
 * Closing an account (modules/data-rights) ends the member's subscription, at the end of the
 * period or now as they chose, and after the grace period replaces their name on the Stripe
 * customer (Stripe keeps the invoices the business must keep). Idempotent: a subscription
 * already ending as asked is left alone. Stripe errors throw: the closure job retries and
 * staff read the error on the member's closure.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import { stripeClient } from './stripe-client.ts';
import { applyStripeSubscription } from './stripe-subscription.ts';

export type ClosureCancel = 'period_end' | 'now';

/** Ends the member's subscription; answers what was done, for the closure's record. */
export async function cancelForClosure(ctx: AppContext, userId: string, mode: ClosureCancel): Promise<string> {
  const [sub] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!sub) return 'no subscription';
  if (sub.status === 'canceled') return 'already canceled';
  if (mode === 'period_end' && sub.cancelAtPeriodEnd) return 'already set to cancel at period end';
  const now = ctx.now();
  if (sub.vendor === 'stripe' && sub.stripeSubscriptionId) {
    const stripe = stripeClient(ctx.config);
    if (!stripe) throw new Error('Stripe is not configured: the subscription cannot be canceled.');
    const updated =
      mode === 'now'
        ? await stripe.subscriptions.cancel(sub.stripeSubscriptionId)
        : await stripe.subscriptions.update(sub.stripeSubscriptionId, { cancel_at_period_end: true });
    await ctx.db.transaction((tx) => applyStripeSubscription(tx, ctx, userId, updated));
    return mode === 'now' ? 'canceled at Stripe' : 'set to cancel at period end at Stripe';
  }
  await ctx.db
    .update(subscriptions)
    .set(mode === 'now' ? { status: 'canceled', updatedAt: now } : { cancelAtPeriodEnd: true, cancelAt: sub.currentPeriodEnd, updatedAt: now })
    .where(eq(subscriptions.userId, userId));
  return mode === 'now' ? 'canceled' : 'set to cancel at period end';
}

/** Replaces the member's name and contact details on their Stripe customer (invoices stay). */
export async function anonymizeStripeCustomer(ctx: AppContext, userId: string, replacement: string): Promise<string> {
  const [user] = await ctx.db.select({ customer: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  const [sub] = await ctx.db.select({ customer: subscriptions.stripeCustomerId }).from(subscriptions).where(eq(subscriptions.userId, userId));
  const customer = user?.customer ?? sub?.customer ?? null;
  if (!customer) return 'no Stripe customer';
  const stripe = stripeClient(ctx.config);
  if (!stripe) throw new Error('Stripe is not configured: the customer cannot be anonymized.');
  await stripe.customers.update(customer, { name: replacement, email: '', phone: '', description: '' });
  return 'Stripe customer anonymized';
}
