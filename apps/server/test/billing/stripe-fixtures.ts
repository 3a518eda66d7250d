import Stripe from 'stripe';
import { afterAll, beforeEach } from 'vitest';
import { startFakeStripe, type FakeStripe, type StripeObject } from '../support/fake-stripe.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

export const WEBHOOK_SECRET = 'whsec_test_billing';
export const stripeEnv = (fake: FakeStripe) => ({
  APP_URL: 'https://app.tradershub.test',
  STRIPE_SECRET_KEY: 'sk_test_billing',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
  STRIPE_PRICE_TRADER: 'price_trader_annual',
  STRIPE_PRICE_AUTOMATION: 'price_automation_annual',
});

/**
 * An app whose Stripe client talks to a fresh fake, for the whole test file (awaited at its top
 * level); the fake forgets every object between tests, and both close after the file.
 */
export async function stripeTestApp(env: Record<string, string> = {}) {
  const fake = await startFakeStripe();
  const t = await createTestApp({ env: { ...stripeEnv(fake), ...env } });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());
  return { t, fake };
}

const DAY = 86_400;
const unix = () => Math.floor(Date.now() / 1000);

type SubscriptionState = {
  status: string;
  cancel_at_period_end?: boolean;
  cancel_at?: number | null;
  trial_end?: number | null;
  plan?: 'trader' | 'automation';
};

/** Puts a subscription, as Stripe would answer for it now, into the fake. */
export function putSubscription(
  fake: FakeStripe,
  id: string,
  customer: string,
  state: SubscriptionState,
): StripeObject {
  const automation = state.plan === 'automation';
  const subscription = {
    id,
    object: 'subscription',
    customer,
    status: state.status,
    cancel_at_period_end: state.cancel_at_period_end ?? false,
    cancel_at: state.cancel_at ?? null,
    trial_end: state.trial_end ?? null,
    currency: 'usd',
    metadata: { plan: state.plan ?? 'trader' },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          current_period_end: unix() + 300 * DAY,
          price: {
            id: automation ? 'price_automation_annual' : 'price_trader_annual',
            object: 'price',
            nickname: null,
            unit_amount: automation ? 114_000 : 60_000,
            currency: 'usd',
            recurring: { interval: 'year', interval_count: 1 },
          },
        },
      ],
    },
  };
  fake.objects.set(id, subscription);
  return subscription;
}

export function putCustomer(fake: FakeStripe, id: string) {
  fake.objects.set(id, { id, object: 'customer', metadata: {} });
}

let sequence = 0;
/** A Stripe event envelope; `created` defaults to now (pass an older time to send it late). */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: number } = {},
) {
  sequence += 1;
  return {
    id: options.id ?? `evt_test_${sequence}_${Math.random().toString(36).slice(2, 8)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: options.created ?? unix(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

const signer = new Stripe('sk_test_signer');

/** Delivers an event the way Stripe does: raw JSON body signed with the endpoint secret. */
export function deliver(t: TestApp, event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

export const invoiceFor = (subscriptionId: string, customer: string, status: 'paid' | 'open') => ({
  id: `in_${Math.random().toString(36).slice(2, 10)}`,
  object: 'invoice',
  customer,
  status,
  parent: {
    type: 'subscription_details',
    subscription_details: { subscription: subscriptionId, metadata: {} },
  },
});
