import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { stripeEvents, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { applyStripeSubscription, idOf } from './stripe-subscription.ts';
import { stripeClient } from './stripe-client.ts';
import { trialReminderMail } from './trial-reminder-mail.ts';
import { isUuid } from '../../lib/ids.ts';

export const INVALID_SIGNATURE = 'Invalid signature.';

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
]);

type Member = { id: string; email: string; firstName: string | null; timezone: string | null };
/** What an event does, worked out before the transaction (Stripe reads are network calls). */
type Effect = { member: Member; subscription: Stripe.Subscription } | null;


async function memberWhere(ctx: AppContext, column: 'customer' | 'id', value: string | null | undefined) {
  if (!value || (column === 'id' && !isUuid(value))) return null;
  const [row] = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, timezone: users.timezone })
    .from(users)
    .where(column === 'customer' ? eq(users.stripeCustomerId, value) : eq(users.id, value));
  return row ?? null;
}

/**
 * The Stripe customer decides whose membership it is; the member id we gave Checkout
 * (client_reference_id or metadata) is used only when no member holds that customer yet.
 */
async function memberFor(ctx: AppContext, customerId: string | null, reference: string | null | undefined) {
  return (await memberWhere(ctx, 'customer', customerId)) ?? (await memberWhere(ctx, 'id', reference));
}

function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (SUBSCRIPTION_EVENTS.has(event.type)) return String(object.id);
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object as Stripe.Checkout.Session;
    return session.mode === 'subscription' ? idOf(session.subscription) : null;
  }
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const invoice = event.data.object as Stripe.Invoice;
    // Current API versions name the subscription under parent; older ones on the invoice.
    const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
    return idOf(invoice.parent?.subscription_details?.subscription ?? legacy ?? null);
  }
  return null;
}

/**
 * Re-reads the subscription from Stripe instead of trusting the payload: events arrive late,
 * twice or out of order, and applying Stripe's current state makes every order converge.
 */
async function effectOf(ctx: AppContext, stripe: Stripe, event: Stripe.Event): Promise<Effect> {
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) return null;
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    ctx.log.error({ err: error, eventId: event.id, subscriptionId }, 'billing: could not read subscription from Stripe');
    // A 5xx makes Stripe deliver the event again later.
    throw new AppError('upstream', 'Stripe could not be reached. The event will be retried.');
  }
  const session = event.type === 'checkout.session.completed' ? (event.data.object as Stripe.Checkout.Session) : null;
  const reference = session?.client_reference_id ?? session?.metadata?.user_id ?? subscription.metadata?.user_id;
  const member = await memberFor(ctx, idOf(subscription.customer), reference);
  if (!member) {
    ctx.log.warn({ eventId: event.id, customer: idOf(subscription.customer) }, 'billing: event for an unknown member');
    return null;
  }
  return { member, subscription };
}

async function alreadyApplied(db: Executor, eventId: string) {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId));
  return Boolean(row);
}

async function sendTrialReminder(ctx: AppContext, effect: NonNullable<Effect>) {
  const trialEnd = effect.subscription.trial_end;
  if (!trialEnd) return;
  const plan = effect.subscription.items.data[0]?.price.nickname;
  const mail = trialReminderMail(
    { name: ctx.config.BRAND_NAME, supportEmail: ctx.config.SUPPORT_EMAIL, appUrl: ctx.config.APP_URL },
    effect.member,
    new Date(trialEnd * 1000),
    plan ?? 'membership',
  );
  await ctx.mailer.send(mail);
}

/**
 * Verifies the signature over the raw body, then applies the event once: the event id is
 * recorded in the same transaction as its effect, so a redelivery finds it and changes nothing.
 */
export async function handleStripeWebhook(ctx: AppContext, payload: Buffer, signature: string | undefined) {
  const stripe = stripeClient(ctx.config);
  const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret) throw new AppError('unavailable', 'Stripe billing is not configured.');

  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature ?? '', secret);
  } catch {
    throw new AppError('bad_request', INVALID_SIGNATURE);
  }
  if (await alreadyApplied(ctx.db, event.id)) return { received: true, duplicate: true };

  const effect = await effectOf(ctx, stripe, event);
  // At least once: a failed reminder answers 5xx, the event stays unrecorded and Stripe retries.
  if (effect && event.type === 'customer.subscription.trial_will_end') await sendTrialReminder(ctx, effect);

  const applied = await ctx.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, occurredAt: new Date(event.created * 1000), processedAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!recorded) return false;
    if (effect) await applyStripeSubscription(tx, ctx, effect.member.id, effect.subscription);
    return true;
  });
  return applied ? { received: true } : { received: true, duplicate: true };
}
