import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/index.ts';
import { createMember } from '../support/members.ts';
import { deliver, invoiceFor, putSubscription, stripeTestApp, stripeEvent } from './stripe-fixtures.ts';

const { t, fake } = await stripeTestApp();

let customers = 0;
/** A member who joined through Stripe Checkout and holds a Stripe customer. */
async function stripeMember(options: { status?: 'active' | 'suspended'; reason?: string } = {}) {
  customers += 1;
  const customer = `cus_billing_${customers}`;
  const member = await createMember(t.ctx, { subscription: null, status: options.status ?? 'active' });
  await t.ctx.db
    .update(users)
    .set({ stripeCustomerId: customer, suspendedReason: options.reason ?? null })
    .where(eq(users.id, member.id));
  return { ...member, customer, subscription: `sub_billing_${customers}` };
}

async function memberState(id: string) {
  const [row] = await t.ctx.database.query<{ status: string; suspended_reason: string | null }>(
    'select status, suspended_reason from users where id = $1',
    [id],
  );
  return row!;
}

async function subscriptionRow(userId: string) {
  const [row] = await t.ctx.database.query<Record<string, unknown>>('select * from subscriptions where user_id = $1', [userId]);
  return row;
}

const eventCount = async () =>
  (await t.ctx.database.query<{ n: number }>('select count(*)::int as n from stripe_events'))[0]!.n;

describe('POST /api/stripe/webhook', () => {
  it('activates a member when Checkout completes, mirroring the subscription Stripe holds', async () => {
    const m = await stripeMember({ status: 'suspended', reason: 'Awaiting checkout' });
    putSubscription(fake, m.subscription, m.customer, { status: 'trialing', plan: 'automation', trial_end: 1_900_000_000 });
    const session = {
      id: 'cs_test_1',
      object: 'checkout.session',
      mode: 'subscription',
      customer: m.customer,
      client_reference_id: m.id,
      subscription: m.subscription,
      metadata: { user_id: m.id, plan: 'automation' },
    };

    const res = await deliver(t, stripeEvent('checkout.session.completed', session));

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(fake.calls('GET', `/v1/subscriptions/${m.subscription}`)).toHaveLength(1);
    expect(await memberState(m.id)).toEqual({ status: 'active', suspended_reason: null });
    expect(await subscriptionRow(m.id)).toMatchObject({
      vendor: 'stripe',
      plan_key: 'automation',
      plan_name: 'Trader plus Automation',
      status: 'trialing',
      interval: 'year',
      interval_count: 1,
      unit_amount: 114000,
      currency: 'usd',
      cancel_at_period_end: false,
      stripe_customer_id: m.customer,
      stripe_subscription_id: m.subscription,
    });

    const token = await t.login(m.email, m.password);
    const me = (await t.call('GET', '/api/me', { token })).json().data;
    expect(me.status).toBe('active');
    expect(me.subscription).toMatchObject({ plan: 'Trader plus Automation', vendor: 'stripe', status: 'trialing' });
  });

  it('suspends the member on a failed payment and restores access when a later invoice is paid', async () => {
    const m = await stripeMember();
    const token = await t.login(m.email, m.password);
    putSubscription(fake, m.subscription, m.customer, { status: 'unpaid' });

    const failed = await deliver(t, stripeEvent('invoice.payment_failed', invoiceFor(m.subscription, m.customer, 'open')));
    expect(failed.statusCode).toBe(200);
    expect(await memberState(m.id)).toEqual({ status: 'suspended', suspended_reason: 'Payment failed' });
    // The gated platform now answers with the inactive-membership message; the account area still opens.
    const gated = await t.call('GET', '/api/courses', { token });
    expect(gated.statusCode).toBe(403);
    expect(gated.json().message).toBe('Your membership is inactive. Update billing to regain access.');
    expect((await t.call('GET', '/api/me/subscription', { token })).json().data.status).toBe('unpaid');

    putSubscription(fake, m.subscription, m.customer, { status: 'active' });
    const paid = await deliver(t, stripeEvent('invoice.paid', invoiceFor(m.subscription, m.customer, 'paid')));
    expect(paid.statusCode).toBe(200);
    expect(await memberState(m.id)).toEqual({ status: 'active', suspended_reason: null });
    expect((await t.call('GET', '/api/courses', { token })).statusCode).toBe(200);
  });

  it('keeps access while past due, and suspends once a cancellation is pending (platform §4 health)', async () => {
    const m = await stripeMember();
    putSubscription(fake, m.subscription, m.customer, { status: 'past_due' });
    await deliver(t, stripeEvent('invoice.payment_failed', invoiceFor(m.subscription, m.customer, 'open')));
    expect((await memberState(m.id)).status).toBe('active');

    const updated = putSubscription(fake, m.subscription, m.customer, { status: 'past_due', cancel_at_period_end: true });
    await deliver(t, stripeEvent('customer.subscription.updated', updated));
    expect(await memberState(m.id)).toEqual({
      status: 'suspended',
      suspended_reason: 'Payment failed; the membership is set to cancel',
    });
    expect(await subscriptionRow(m.id)).toMatchObject({ status: 'past_due', cancel_at_period_end: true });
  });

  it('applies an event delivered twice only once', async () => {
    const m = await stripeMember();
    putSubscription(fake, m.subscription, m.customer, { status: 'unpaid' });
    const event = stripeEvent('invoice.payment_failed', invoiceFor(m.subscription, m.customer, 'open'));
    await deliver(t, event);
    expect((await memberState(m.id)).status).toBe('suspended');
    const events = await eventCount();

    // Stripe changes meanwhile; a redelivery of the old event must not re-read or rewrite anything.
    putSubscription(fake, m.subscription, m.customer, { status: 'active' });
    const again = await deliver(t, event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(fake.calls('GET', `/v1/subscriptions/${m.subscription}`)).toHaveLength(1);
    expect((await memberState(m.id)).status).toBe('suspended');
    expect(await eventCount()).toBe(events);
  });

  it('converges to Stripe’s current state when an older event arrives after a newer one', async () => {
    const m = await stripeMember();
    const stale = putSubscription(fake, m.subscription, m.customer, { status: 'unpaid' });
    const older = stripeEvent('customer.subscription.updated', stale, { created: Math.floor(Date.now() / 1000) - 3600 });

    putSubscription(fake, m.subscription, m.customer, { status: 'active' });
    await deliver(t, stripeEvent('invoice.paid', invoiceFor(m.subscription, m.customer, 'paid')));
    const before = await subscriptionRow(m.id);

    const late = await deliver(t, older);
    expect(late.statusCode).toBe(200);
    expect(await memberState(m.id)).toEqual({ status: 'active', suspended_reason: null });
    expect(await subscriptionRow(m.id)).toMatchObject({ status: 'active', current_period_end: before!.current_period_end });
  });

  it('suspends the member when the subscription is deleted', async () => {
    const m = await stripeMember();
    const canceled = putSubscription(fake, m.subscription, m.customer, { status: 'canceled' });
    await deliver(t, stripeEvent('customer.subscription.deleted', canceled));
    expect(await memberState(m.id)).toEqual({ status: 'suspended', suspended_reason: 'Membership canceled' });
  });

  it('e-mails the member a reminder when the trial is about to end', async () => {
    const m = await stripeMember();
    const trialEnd = Math.floor(Date.UTC(2031, 2, 14, 15) / 1000);
    const trialing = putSubscription(fake, m.subscription, m.customer, { status: 'trialing', trial_end: trialEnd });
    const before = t.mailer.sent.length;

    const event = stripeEvent('customer.subscription.trial_will_end', trialing);
    await deliver(t, event);
    await deliver(t, event);

    const mails = t.mailer.sent.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(m.email);
    expect(mails[0]!.subject).toBe('Your Traders Hub trial ends on Friday, March 14');
    expect(mails[0]!.text).toContain('https://app.tradershub.test/account/subscription');
    expect((await memberState(m.id)).status).toBe('active');
  });

  it('answers 400 to a bad signature and changes nothing', async () => {
    const m = await stripeMember({ status: 'suspended', reason: 'Awaiting checkout' });
    putSubscription(fake, m.subscription, m.customer, { status: 'active' });
    const event = stripeEvent('invoice.paid', invoiceFor(m.subscription, m.customer, 'paid'));
    const events = await eventCount();

    const forged = await deliver(t, event, 'whsec_someone_else');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });

    for (const res of [forged, unsigned]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid signature.' });
    }
    expect(await memberState(m.id)).toEqual({ status: 'suspended', suspended_reason: 'Awaiting checkout' });
    expect(await subscriptionRow(m.id)).toBeUndefined();
    expect(await eventCount()).toBe(events);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 502 without recording the event when Stripe cannot be read, so the retry applies it', async () => {
    const m = await stripeMember();
    putSubscription(fake, m.subscription, m.customer, { status: 'unpaid' });
    const event = stripeEvent('invoice.payment_failed', invoiceFor(m.subscription, m.customer, 'open'));
    fake.fail('GET', '/v1/subscriptions/:id', { status: 500 });

    const first = await deliver(t, event);
    expect(first.statusCode).toBe(502);
    expect((await memberState(m.id)).status).toBe('active');

    const retry = await deliver(t, event);
    expect(retry.statusCode).toBe(200);
    expect((await memberState(m.id)).status).toBe('suspended');
  });

  it('acknowledges events for customers it does not know without changing any member', async () => {
    const m = await stripeMember();
    putSubscription(fake, 'sub_stranger', 'cus_stranger', { status: 'canceled' });
    const res = await deliver(t, stripeEvent('invoice.payment_failed', invoiceFor('sub_stranger', 'cus_stranger', 'open')));
    expect(res.statusCode).toBe(200);
    expect((await memberState(m.id)).status).toBe('active');
  });
});
