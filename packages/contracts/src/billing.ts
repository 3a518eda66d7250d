import { z } from 'zod';

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

export const StripeWebhookAck = z.object({ received: z.boolean(), duplicate: z.boolean().optional() });
