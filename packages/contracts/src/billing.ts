import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** What Stripe says about a Stripe-billed membership (platform §3 "Subscription details"). */
export const StripeSubscriptionDetails = z.object({
  status: z.string().nullable(),
  subscription_id: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  cancel_at: z.string().nullable(),
  current_period_end: z.string().nullable(),
  /** Price per interval in minor units (divide by 100). */
  unit_amount: z.number().int().nullable(),
  currency: z.string(),
  interval: z.string().nullable(),
  interval_count: z.number().int(),
});
export type StripeSubscriptionDetails = z.infer<typeof StripeSubscriptionDetails>;

export const SubscriptionDetails = z.object({
  plan_name: z.string().nullable(),
  /** internal, skool (billed outside Stripe) or stripe. */
  vendor: z.string(),
  status: z.string().nullable(),
  renewal_date: z.string().nullable(),
  interval: z.string().nullable(),
  /** True when the member can open the Stripe billing portal for this membership. */
  can_manage: z.boolean(),
  stripe: StripeSubscriptionDetails.nullable(),
});
export type SubscriptionDetails = z.infer<typeof SubscriptionDetails>;

/** `data` is null when the member has no membership at all. */
export const SubscriptionDetailsResponse = z.object({ data: SubscriptionDetails.nullable() });
export type SubscriptionDetailsResponse = z.infer<typeof SubscriptionDetailsResponse>;

/** The Stripe Billing Portal session the browser is sent to. */
export const BillingPortalResponse = z.object({ url: z.string() });
export type BillingPortalResponse = z.infer<typeof BillingPortalResponse>;

export const BillingPortalFlow = z.enum(['manage', 'update', 'cancel']);
export type BillingPortalFlow = z.infer<typeof BillingPortalFlow>;

export const StripeWebhookAck = z.object({
  received: z.boolean(),
  duplicate: z.boolean().optional(),
});

const portal = (path: string) =>
  endpoint({ method: 'POST', path, tags: ['billing'], response: { 200: BillingPortalResponse } });

/** The member's subscription and billing portal (the account area), and Stripe's webhook. */
export const billingEndpoints = {
  getSubscription: endpoint({
    method: 'GET',
    path: '/api/me/subscription',
    tags: ['billing'],
    response: { 200: SubscriptionDetailsResponse },
  }),
  /** One portal session per flow the account pages offer. */
  openBillingPortal: {
    manage: portal('/api/me/subscription/portal'),
    update: portal('/api/me/subscription/portal/update'),
    cancel: portal('/api/me/subscription/portal/cancel'),
  } satisfies Record<BillingPortalFlow, unknown>,
  /**
   * No body schema: the signature is computed over the raw bytes, so the route reads the body
   * unparsed (its own content-type parser) and stripe-node checks and parses it.
   */
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/api/stripe/webhook',
    tags: ['billing'],
    hide: true,
    response: { 200: StripeWebhookAck },
  }),
};
