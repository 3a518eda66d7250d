import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/index.ts';
import { createMember } from '../support/members.ts';
import { putCustomer, stripeTestApp } from './stripe-fixtures.ts';

const { t, fake } = await stripeTestApp();

const periodEnd = new Date('2031-03-14T15:00:00.000Z');

async function stripeMember(options: { customer?: string | null; status?: 'active' | 'suspended' } = {}) {
  const customer = options.customer === undefined ? `cus_${Math.random().toString(36).slice(2, 10)}` : options.customer;
  const member = await createMember(t.ctx, {
    status: options.status ?? 'active',
    subscription: {
      vendor: 'stripe',
      planKey: 'automation',
      planName: 'Trader plus Automation',
      status: 'past_due',
      interval: 'month',
      intervalCount: 3,
      unitAmount: 28_500,
      currency: 'cad',
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: true,
      stripeCustomerId: customer,
      stripeSubscriptionId: `sub_${Math.random().toString(36).slice(2, 10)}`,
    },
  });
  if (customer) {
    await t.ctx.db.update(users).set({ stripeCustomerId: customer }).where(eq(users.id, member.id));
    putCustomer(fake, customer);
  }
  const token = await t.login(member.email, member.password);
  const [row] = await t.ctx.database.query<{ stripe_subscription_id: string }>(
    'select stripe_subscription_id from subscriptions where user_id = $1',
    [member.id],
  );
  return { ...member, token, customer, subscriptionId: row!.stripe_subscription_id };
}

describe('GET /api/me/subscription', () => {
  it('requires authentication', async () => {
    const res = await t.call('GET', '/api/me/subscription');
    expect(res.statusCode).toBe(401);
  });

  it('describes a Stripe membership with everything the page shows, for suspended members too', async () => {
    const m = await stripeMember({ status: 'suspended' });
    const res = await t.call('GET', '/api/me/subscription', { token: m.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        plan_name: 'Trader plus Automation',
        vendor: 'stripe',
        status: 'past_due',
        renewal_date: periodEnd.toISOString(),
        interval: 'month',
        can_manage: true,
        stripe: {
          status: 'past_due',
          subscription_id: m.subscriptionId,
          cancel_at_period_end: true,
          cancel_at: null,
          current_period_end: periodEnd.toISOString(),
          unit_amount: 28500,
          currency: 'cad',
          interval: 'month',
          interval_count: 3,
        },
      },
    });
  });

  it('marks internal memberships as not manageable in the portal', async () => {
    const member = await createMember(t.ctx, { subscription: { vendor: 'internal', status: 'trialing' } });
    const token = await t.login(member.email, member.password);
    const data = (await t.call('GET', '/api/me/subscription', { token })).json().data;
    expect(data).toMatchObject({ plan_name: 'Trader', vendor: 'internal', status: 'trialing', can_manage: false, stripe: null });
  });

  it('answers data null when the member has no membership', async () => {
    const member = await createMember(t.ctx, { subscription: null });
    const token = await t.login(member.email, member.password);
    expect((await t.call('GET', '/api/me/subscription', { token })).json()).toEqual({ data: null });
  });
});

describe('POST /api/me/subscription/portal', () => {
  it('[P147] opens a Stripe Billing Portal session for the member’s customer and returns its url', async () => {
    const m = await stripeMember();
    const res = await t.call('POST', '/api/me/subscription/portal', { token: m.token });
    expect(res.statusCode).toBe(200);
    const [call] = fake.calls('POST', '/v1/billing_portal/sessions');
    expect(call!.body).toEqual({ customer: m.customer, return_url: 'https://app.tradershub.test/account/subscription' });
    expect(res.json().url).toMatch(new RegExp(`^${fake.url}/p/session/bps_`));
  });

  it('deep-links to changing or cancelling the subscription with flow_data', async () => {
    const m = await stripeMember();
    await t.call('POST', '/api/me/subscription/portal/update', { token: m.token });
    await t.call('POST', '/api/me/subscription/portal/cancel', { token: m.token });
    const [update, cancel] = fake.calls('POST', '/v1/billing_portal/sessions');
    const redirect = { type: 'redirect', redirect: { return_url: 'https://app.tradershub.test/account/subscription' } };
    expect(update!.body.flow_data).toEqual({
      type: 'subscription_update',
      subscription_update: { subscription: m.subscriptionId },
      after_completion: redirect,
    });
    expect(cancel!.body.flow_data).toEqual({
      type: 'subscription_cancel',
      subscription_cancel: { subscription: m.subscriptionId },
      after_completion: redirect,
    });
  });

  it('says so when the member has no Stripe customer', async () => {
    const m = await stripeMember({ customer: null });
    const res = await t.call('POST', '/api/me/subscription/portal', { token: m.token });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('We were unable to find a Stripe customer for this account.');
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 502 with the spec message when Stripe refuses the session', async () => {
    const m = await stripeMember();
    fake.fail('POST', '/v1/billing_portal/sessions', { status: 400, message: 'No configuration provided' });
    const res = await t.call('POST', '/api/me/subscription/portal', { token: m.token });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'We could not create a Stripe billing session.' });
  });

  it('refuses internal and skool memberships, which are billed elsewhere', async () => {
    for (const vendor of ['internal', 'skool']) {
      const member = await createMember(t.ctx, { subscription: { vendor } });
      const token = await t.login(member.email, member.password);
      const res = await t.call('POST', '/api/me/subscription/portal', { token });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This membership is not billed through the online billing portal. Contact support@tradershub.local to change it.',
      );
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('requires the XSRF header like every other write', async () => {
    const m = await stripeMember();
    const res = await t.call('POST', '/api/me/subscription/portal', { token: m.token, xsrf: false });
    expect(res.statusCode).toBe(419);
    expect(fake.requests).toHaveLength(0);
  });
});
