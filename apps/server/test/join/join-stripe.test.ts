import { describe, expect, it } from 'vitest';
import { stripeTestApp } from '../billing/stripe-fixtures.ts';

const APP_URL = 'https://app.tradershub.test';
const { t, fake: stripe } = await stripeTestApp({ STRIPE_SECRET_KEY: 'sk_test_join' });

const form = (email: string, plan = 'trader') => ({
  plan,
  first_name: 'Marcus',
  last_name: 'Okafor',
  email,
  password: 'Range-Break-9',
  password_confirmation: 'Range-Break-9',
});

const userRow = async (email: string) =>
  (await t.ctx.database.query<Record<string, unknown>>(`select * from users where email = $1`, [email]))[0];

describe('POST /api/join with Stripe', () => {
  it('creates a customer and a subscription Checkout Session with the 7-day trial, then sends the browser there', async () => {
    const res = await t.call('POST', '/api/join', { body: form('Marcus@Example.com') });
    expect(res.statusCode).toBe(200);

    const [customerCall] = stripe.calls('POST', '/v1/customers');
    expect(customerCall!.headers.authorization).toBe('Bearer sk_test_join');
    expect(customerCall!.body).toMatchObject({ email: 'marcus@example.com', name: 'Marcus Okafor' });

    const sessions = stripe.calls('POST', '/v1/checkout/sessions');
    expect(sessions).toHaveLength(1);
    const user = await userRow('marcus@example.com');
    const customerId = String(user!.stripe_customer_id);
    expect(customerId).toMatch(/^cus_/);
    expect(sessions[0]!.body).toEqual({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: user!.id,
      line_items: [{ price: 'price_trader_annual', quantity: '1' }],
      subscription_data: { trial_period_days: '7', metadata: { user_id: user!.id, plan: 'trader' } },
      success_url: `${APP_URL}/account/login?joined=1&email=marcus%40example.com`,
      cancel_url: `${APP_URL}/join/cancel`,
      metadata: { user_id: user!.id, plan: 'trader' },
    });
    expect(sessions[0]!.headers['idempotency-key']).toBe(`join-checkout-${user!.id}`);

    const session = [...stripe.objects.values()].find((o) => o.object === 'checkout.session')!;
    expect(res.json()).toEqual({ redirect_url: session.url });

    // The member waits for Checkout: suspended, no subscription until the billing webhook.
    expect(user).toMatchObject({ status: 'suspended', suspended_reason: 'Awaiting checkout' });
    const subs = await t.ctx.database.query(`select 1 from subscriptions where user_id = $1`, [user!.id]);
    expect(subs).toHaveLength(0);
  });

  it('bills the founding plan on the Trader price and Automation on its own', async () => {
    await t.call('POST', '/api/join', { body: form('founder@example.com', 'founding') });
    await t.call('POST', '/api/join', { body: form('bot@example.com', 'automation') });
    const prices = stripe.calls('POST', '/v1/checkout/sessions').map((c) => (c.body.line_items as { price: string }[])[0]!.price);
    expect(prices).toEqual(['price_trader_annual', 'price_automation_annual']);
  });

  it('leaves no member behind when Stripe fails to create the Checkout Session, and cleans up the customer', async () => {
    stripe.fail('POST', '/v1/checkout/sessions', { status: 500 });
    const res = await t.call('POST', '/api/join', { body: form('unlucky@example.com') });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'We could not start checkout. Please try again in a moment.' });
    expect(await userRow('unlucky@example.com')).toBeUndefined();
    // The customer made just before the failure is deleted again.
    expect(stripe.calls('POST', '/v1/customers')).toHaveLength(1);
    expect(stripe.requests.filter((r) => r.method === 'DELETE' && r.path.startsWith('/v1/customers/cus_'))).toHaveLength(1);
    expect([...stripe.objects.values()].filter((o) => o.object === 'customer')).toHaveLength(0);

    // Trying again once Stripe recovers works, with the same address.
    const retry = await t.call('POST', '/api/join', { body: form('unlucky@example.com') });
    expect(retry.statusCode).toBe(200);
    expect(await userRow('unlucky@example.com')).toMatchObject({ status: 'suspended' });
  });

  it('leaves no member behind when Stripe refuses the customer', async () => {
    stripe.fail('POST', '/v1/customers', { status: 500 });
    const res = await t.call('POST', '/api/join', { body: form('nocustomer@example.com') });
    expect(res.statusCode).toBe(502);
    expect(await userRow('nocustomer@example.com')).toBeUndefined();
    expect(stripe.calls('POST', '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('refuses a duplicate address before talking to Stripe', async () => {
    await t.call('POST', '/api/join', { body: form('twice@example.com') });
    stripe.reset();
    const res = await t.call('POST', '/api/join', { body: form('twice@example.com') });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('An account with this email already exists. Sign in instead.');
    expect(stripe.requests).toHaveLength(0);
  });
});
