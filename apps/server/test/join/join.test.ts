import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createMember } from '../support/members.ts';

// Without STRIPE_SECRET_KEY the join flow runs on the embedded default: internal trials.
const NOW = new Date('2025-03-03T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  plan: 'automation',
  first_name: ' Dana ',
  last_name: 'Whitfield',
  email: ' Dana.Whitfield@Example.com ',
  password: 'Breakout-2025',
  password_confirmation: 'Breakout-2025',
  ...overrides,
});

const count = async (table: 'users' | 'subscriptions') =>
  (await t.ctx.database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

describe('POST /api/join without Stripe (internal trial)', () => {
  it('creates an active member on a 7-day trialing internal subscription who can then sign in', async () => {
    const res = await t.call('POST', '/api/join', { body: form() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirect_url: '/account/login?joined=1&email=dana.whitfield%40example.com' });

    const [user] = await t.ctx.database.query<Record<string, unknown>>(
      `select * from users where email = 'dana.whitfield@example.com'`,
    );
    expect(user).toMatchObject({ first_name: 'Dana', last_name: 'Whitfield', status: 'active', stripe_customer_id: null });
    expect(String(user!.password_hash)).toMatch(/^scrypt\$/);
    expect(String(user!.password_hash)).not.toContain('Breakout-2025');

    const [sub] = await t.ctx.database.query<Record<string, unknown>>(
      `select * from subscriptions where user_id = $1`,
      [user!.id],
    );
    const trialEnd = new Date(NOW.getTime() + 7 * 86_400_000).getTime();
    expect(sub).toMatchObject({
      vendor: 'internal',
      status: 'trialing',
      plan_key: 'automation',
      plan_name: 'Trader plus Automation',
      unit_amount: 114_000,
      interval: 'year',
    });
    expect(new Date(sub!.trial_end as string).getTime()).toBe(trialEnd);
    expect(new Date(sub!.current_period_end as string).getTime()).toBe(trialEnd);

    const token = await t.login('dana.whitfield@example.com', 'Breakout-2025');
    const me = await t.call('GET', '/api/me', { token });
    expect(me.json().data).toMatchObject({
      first_name: 'Dana',
      status: 'active',
      subscription: { plan: 'Trader plus Automation', vendor: 'internal', status: 'trialing' },
    });
  });

  it('refuses an address that already has an account (any case) with 422 and changes nothing', async () => {
    const existing = await createMember(t.ctx, { email: 'taken@example.com' });
    const [users, subs] = [await count('users'), await count('subscriptions')];
    const res = await t.call('POST', '/api/join', { body: form({ email: 'TAKEN@example.com', plan: 'founding' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'An account with this email already exists. Sign in instead.',
      errors: { email: ['An account with this email already exists. Sign in instead.'] },
    });
    expect([await count('users'), await count('subscriptions')]).toEqual([users, subs]);
    // The existing member's password still works: nothing about them was touched.
    await expect(t.login(existing.email, existing.password)).resolves.toBeTruthy();
  });

  it('answers weak or incomplete input with field errors in plain words and creates nobody', async () => {
    const users = await count('users');
    const res = await t.call('POST', '/api/join', {
      body: { plan: 'platinum', first_name: ' ', email: 'not-an-email', password: 'short', password_confirmation: 'other' },
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.plan).toEqual(['Choose a membership plan.']);
    expect(errors.first_name).toEqual(['Please enter your first name.']);
    expect(errors.last_name).toEqual(['Please enter your last name.']);
    expect(errors.email).toEqual(['Please enter a valid email address.']);
    expect(errors.password).toEqual(['Passwords must be at least 8 characters.']);

    const mismatch = await t.call('POST', '/api/join', { body: form({ email: 'mismatch@example.com', password_confirmation: 'Breakout-2026' }) });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Passwords do not match.'] });
    expect(await count('users')).toBe(users);
  });

  it('requires the XSRF token like every other write', async () => {
    const res = await t.call('POST', '/api/join', { body: form({ email: 'noxsrf@example.com' }), xsrf: false });
    expect(res.statusCode).toBe(419);
    const rows = await t.ctx.database.query(`select 1 from users where email = 'noxsrf@example.com'`);
    expect(rows).toHaveLength(0);
  });

  it('records the founding plan at the introductory rate', async () => {
    const res = await t.call('POST', '/api/join', { body: form({ email: 'founder@example.com', plan: 'founding' }) });
    expect(res.statusCode).toBe(200);
    const [sub] = await t.ctx.database.query<Record<string, unknown>>(
      `select s.plan_name, s.unit_amount from subscriptions s join users u on u.id = s.user_id where u.email = 'founder@example.com'`,
    );
    expect(sub).toEqual({ plan_name: 'Founding Member', unit_amount: 60_000 });
  });
});
