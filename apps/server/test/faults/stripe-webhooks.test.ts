import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/index.ts';
import {
  deliver,
  invoiceFor,
  putSubscription,
  stripeTestApp,
  stripeEvent,
} from '../billing/stripe-fixtures.ts';
import { createMember } from '../support/members.ts';

/**
 * Stripe delivers at least once, late and in any order. Whatever arrives, the membership must
 * end at the state Stripe holds now, and each event must be applied (and mailed about) once.
 */
const { t, fake } = await stripeTestApp();

let sequence = 0;
async function stripeMember() {
  sequence += 1;
  const customer = `cus_fault_${sequence}`;
  const member = await createMember(t.ctx, { subscription: null, status: 'suspended' });
  await t.ctx.db
    .update(users)
    .set({ stripeCustomerId: customer, suspendedReason: 'Awaiting checkout' })
    .where(eq(users.id, member.id));
  return { ...member, customer, subscription: `sub_fault_${sequence}` };
}

async function membership(userId: string) {
  const [row] = await t.ctx.database.query<{
    status: string;
    reason: string | null;
    subscription: string | null;
    rows: number;
  }>(
    `select u.status, u.suspended_reason as reason, s.status as subscription,
            (select count(*)::int from subscriptions where user_id = u.id) as rows
       from users u left join subscriptions s on s.user_id = u.id where u.id = $1`,
    [userId],
  );
  return row!;
}

const recorded = async (ids: string[]) =>
  t.ctx.database.query<{ id: string; n: number }>(
    'select id, count(*)::int as n from stripe_events where id = any($1) group by id order by id',
    [ids],
  );

/** A member's life at Stripe as events, oldest first: joined, card failed, paid, canceled. */
function lifeOf(m: Awaited<ReturnType<typeof stripeMember>>) {
  const base = Math.floor(Date.now() / 1000) - 3_600;
  const subscriptionObject = { id: m.subscription, object: 'subscription', customer: m.customer };
  return [
    stripeEvent(
      'checkout.session.completed',
      {
        id: `cs_${m.subscription}`,
        object: 'checkout.session',
        mode: 'subscription',
        customer: m.customer,
        client_reference_id: m.id,
        subscription: m.subscription,
        metadata: { user_id: m.id },
      },
      { created: base },
    ),
    stripeEvent('invoice.payment_failed', invoiceFor(m.subscription, m.customer, 'open'), {
      created: base + 600,
    }),
    stripeEvent('invoice.paid', invoiceFor(m.subscription, m.customer, 'paid'), {
      created: base + 1_200,
    }),
    stripeEvent('customer.subscription.updated', subscriptionObject, { created: base + 1_800 }),
    stripeEvent('customer.subscription.deleted', subscriptionObject, { created: base + 2_400 }),
  ];
}

/** A fixed shuffle (so a failure replays): newest first, then the rest interleaved. */
const reordered = <T>(events: T[]) => [events[4]!, events[0]!, events[2]!, events[1]!, events[3]!];

describe('Stripe webhooks replayed and reordered', () => {
  it('ends a canceled member at Stripe’s canceled state whatever the order, recording each event once', async () => {
    const m = await stripeMember();
    putSubscription(fake, m.subscription, m.customer, { status: 'canceled' });
    const events = lifeOf(m);

    for (const event of [...reordered(events), ...events]) {
      const res = await deliver(t, event);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await membership(m.id)).toEqual({
      status: 'suspended',
      reason: 'Membership canceled',
      subscription: 'canceled',
      rows: 1,
    });
    expect(await recorded(events.map((e) => e.id))).toEqual(
      events.map((e) => ({ id: e.id, n: 1 })).sort((a, b) => a.id.localeCompare(b.id)),
    );
    // The replays were recognised as such before Stripe was asked anything.
    expect(fake.calls('GET', `/v1/subscriptions/${m.subscription}`)).toHaveLength(events.length);
  });

  it('keeps a member who paid again active when a stale failure arrives last, even delivered concurrently', async () => {
    const m = await stripeMember();
    putSubscription(fake, m.subscription, m.customer, { status: 'active' });
    const [checkout, failed, paid] = lifeOf(m);

    // Every event three times at once, the stale payment failure among them.
    const burst = [paid!, failed!, checkout!].flatMap((e) => [e, e, e]);
    const answers = await Promise.all(burst.map((event) => deliver(t, event)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers.filter((res) => !res.json<{ duplicate?: boolean }>().duplicate)).toHaveLength(3);

    expect(await membership(m.id)).toEqual({
      status: 'active',
      reason: null,
      subscription: 'active',
      rows: 1,
    });
    expect((await recorded([checkout!.id, failed!.id, paid!.id])).map((r) => r.n)).toEqual([
      1, 1, 1,
    ]);
    const token = await t.login(m.email, m.password);
    expect((await t.call('GET', '/api/courses', { token })).statusCode).toBe(200);
  });

  it('mails the trial reminder once however often Stripe repeats the event', async () => {
    const m = await stripeMember();
    const trialEnd = Math.floor(Date.now() / 1000) + 3 * 86_400;
    const subscription = putSubscription(fake, m.subscription, m.customer, {
      status: 'trialing',
      trial_end: trialEnd,
    });
    const reminder = stripeEvent('customer.subscription.trial_will_end', subscription);
    const before = t.mailer.sent.filter((mail) => mail.to === m.email).length;

    for (let i = 0; i < 4; i++) expect((await deliver(t, reminder)).statusCode).toBe(200);

    expect(t.mailer.sent.filter((mail) => mail.to === m.email)).toHaveLength(before + 1);
    expect(await membership(m.id)).toMatchObject({ status: 'active', subscription: 'trialing' });
  });

  it('answers 5xx while Stripe cannot be read, records nothing, and applies the redelivery', async () => {
    const m = await stripeMember();
    putSubscription(fake, m.subscription, m.customer, { status: 'active' });
    const [checkout] = lifeOf(m);
    fake.fail('GET', '/v1/subscriptions/:id', { status: 500, times: 2 });

    const first = await deliver(t, checkout!);
    expect(first.statusCode).toBe(502);
    expect(first.json().message).toBe('Stripe could not be reached. The event will be retried.');
    expect(await recorded([checkout!.id])).toEqual([]);
    expect((await membership(m.id)).status).toBe('suspended');

    expect((await deliver(t, checkout!)).statusCode).toBe(502);
    expect((await deliver(t, checkout!)).statusCode).toBe(200);
    expect(await membership(m.id)).toMatchObject({
      status: 'active',
      subscription: 'active',
      rows: 1,
    });
    expect(await recorded([checkout!.id])).toEqual([{ id: checkout!.id, n: 1 }]);
  });
});
