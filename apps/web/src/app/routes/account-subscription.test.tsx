import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionDetails } from '@th/contracts';
import { readMembershipNotice } from '@/lib/membership-notice';
import { Component } from './account-subscription';
import { fakeApi, profile, renderRoute } from './account-test-harness';

afterEach(() => vi.unstubAllGlobals());

function stripeDetails(stripe: Partial<NonNullable<SubscriptionDetails['stripe']>> = {}): SubscriptionDetails {
  return {
    plan_name: 'Trader plus Automation',
    vendor: 'stripe',
    status: stripe.status ?? 'active',
    renewal_date: '2030-11-03T15:00:00.000Z',
    interval: 'year',
    can_manage: true,
    stripe: {
      status: 'active',
      subscription_id: 'sub_1QabcXYZ',
      cancel_at_period_end: false,
      cancel_at: null,
      current_period_end: '2030-11-03T15:00:00.000Z',
      unit_amount: 114_000,
      currency: 'usd',
      interval: 'year',
      interval_count: 1,
      ...stripe,
    },
  };
}

function show(details: SubscriptionDetails | null, extra: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/me/subscription': { body: { data: details } },
    'GET /api/me': { body: { data: profile() } },
    ...extra,
  });
  renderRoute('/account/subscription', Component);
  return api;
}

const overview = () => screen.findByRole('region', { name: 'Membership overview' });
const row = (region: HTMLElement, label: string) => within(region).getByText(label).nextElementSibling as HTMLElement;

describe('Manage subscription route', () => {
  it('[P85] [P86] shows the Stripe membership: plan with interval, status, renewal, price, vendor and id', async () => {
    show(stripeDetails());
    expect(screen.getByRole('heading', { name: 'Manage your membership' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Account' })).toHaveAttribute('href', '/account');
    const card = await overview();
    expect(row(card, 'Plan')).toHaveTextContent('Trader plus AutomationBilled yearly');
    expect(within(row(card, 'Status')).getByText('Active')).toHaveClass('badge-green');
    expect(row(card, 'Next renewal')).toHaveTextContent('November 3, 2030');
    expect(row(card, 'Price')).toHaveTextContent('$1,140.00 · Yearly');
    expect(row(card, 'Vendor')).toHaveTextContent('Stripe');
    expect(row(card, 'Subscription ID')).toHaveTextContent('sub_1QabcXYZ');
    expect(within(card).queryByRole('note')).not.toBeInTheDocument();
  });

  it('[P89] the help card says billing updates take a few minutes and gives the support address as an e-mail link', async () => {
    show(stripeDetails());
    await overview();
    const help = screen.getByRole('region', { name: 'Need help?' });
    expect(help).toHaveTextContent('Changes you make in the billing portal can take a few minutes to appear here.');
    expect(within(help).getByRole('link', { name: 'support@tradershub.local' })).toHaveAttribute('href', 'mailto:support@tradershub.local');
  });

  it.each([
    ['active', 'Active', 'badge-green'],
    ['trialing', 'Trialing', 'badge-green'],
    ['past_due', 'Past due', 'badge-orange'],
    ['incomplete', 'Incomplete', 'badge-orange'],
    ['incomplete_expired', 'Incomplete', 'badge-orange'],
    ['canceled', 'Canceled', 'badge-gray'],
    ['unpaid', 'unpaid', 'badge-gray'],
    ['paused', 'paused', 'badge-gray'],
  ])('labels status %s as %s with %s', async (status, label, badge) => {
    show(stripeDetails({ status }));
    const card = await overview();
    expect(within(row(card, 'Status')).getByText(label)).toHaveClass(badge);
  });

  it('notes a scheduled end and quarterly pricing in other currencies', async () => {
    show(stripeDetails({ cancel_at_period_end: true, unit_amount: 28_500, currency: 'cad', interval: 'month', interval_count: 3 }));
    const card = await overview();
    expect(within(card).getByRole('note')).toHaveTextContent('Your membership is set to end on November 3, 2030 and will not renew.');
    expect(row(card, 'Price')).toHaveTextContent('CA$285.00 · 3 month');
    expect(row(card, 'Plan')).toHaveTextContent('Billed every 3 month');
  });

  it('shows when a canceled membership ended, never a renewal in the past', async () => {
    show({
      ...stripeDetails({ status: 'canceled', current_period_end: '2026-10-24T15:00:00.000Z' }),
      status: 'canceled',
      renewal_date: '2026-10-24T15:00:00.000Z',
    });
    const card = await overview();
    expect(within(card).queryByText('Next renewal')).not.toBeInTheDocument();
    expect(row(card, 'Ended on')).toHaveTextContent('October 24, 2026');
  });

  it('says "Ends on" for a membership that will not renew', async () => {
    show(stripeDetails({ cancel_at_period_end: true }));
    expect(row(await overview(), 'Ends on')).toHaveTextContent('November 3, 2030');
  });

  it('[P87] [P88] says so when there is no membership: no billing profile, and no portal', async () => {
    show(null);
    expect(await screen.findByText('No active membership was detected for this account.')).toBeInTheDocument();
    expect(
      screen.getByText('We couldn’t locate a billing profile for this account. Contact support so we can connect it manually.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open billing portal' })).not.toBeInTheDocument();
  });

  it('[P94] offers no portal for memberships billed outside Stripe', async () => {
    for (const vendor of ['internal', 'skool']) {
      show({ ...stripeDetails(), vendor, can_manage: false, stripe: null, status: 'canceled' });
      const card = await overview();
      expect(row(card, 'Vendor')).toHaveTextContent(vendor === 'internal' ? 'Internal' : 'Skool');
      expect(screen.getByText(/not billed through the online billing portal/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Open billing portal' })).not.toBeInTheDocument();
      // Billed elsewhere: no inactive-membership banner either.
      expect(readMembershipNotice()).toBeNull();
      document.body.innerHTML = '';
    }
  });

  it('[P88] opens the Stripe billing portal at the session URL, reading Opening portal… meanwhile', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let release: () => void = () => {};
    const api = show(stripeDetails(), {
      'POST /api/me/subscription/portal': () => ({ body: { url: 'https://billing.stripe.com/p/session/test_123' } }),
    });
    const button = await screen.findByRole('button', { name: 'Open billing portal' });
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async (...args) => {
      await new Promise<void>((resolve) => (release = resolve));
      return original(...(args as [string, RequestInit]));
    });
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Opening portal…' })).toBeDisabled();
    release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_123'));
    expect(api.sent('POST', '/api/me/subscription/portal')).toHaveLength(1);
  });

  it.each([
    [{ body: {} }, 'Stripe portal URL was not returned.'],
    [{ status: 404, body: { message: 'We were unable to find a Stripe customer for this account.' } }, 'We were unable to find a Stripe customer for this account.'],
    [{ status: 502, body: { message: 'We could not create a Stripe billing session.' } }, 'We could not create a Stripe billing session.'],
    [{ status: 500, body: {} }, 'We could not open the Stripe billing portal.'],
  ])('[P92] explains a portal that cannot open: %j', async (reply, message) => {
    show(stripeDetails(), { 'POST /api/me/subscription/portal': reply });
    await userEvent.click(await screen.findByRole('button', { name: 'Open billing portal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('reports details that fail to load', async () => {
    show(null, { 'GET /api/me/subscription': { status: 500, body: {} } });
    expect(await screen.findByText('Unable to load subscription details.')).toBeInTheDocument();
  });

  it('[P93] clears the stored tokens and goes to sign in on a 401', async () => {
    localStorage.setItem('th_api_token', 'legacy');
    show(null, { 'GET /api/me/subscription': { status: 401, body: { message: 'Unauthenticated.' } } });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/account/login'));
    expect(localStorage.getItem('th_auth')).toBeNull();
    expect(localStorage.getItem('th_api_token')).toBeNull();
  });

  it('[P95] raises the inactive notice when the Stripe membership is unhealthy and clears it when healthy', async () => {
    show(stripeDetails({ status: 'canceled' }));
    await overview();
    await waitFor(() =>
      expect(readMembershipNotice()?.message).toBe('Your membership is inactive. Update billing to restore full access.'),
    );
    document.body.innerHTML = '';
    show(stripeDetails({ status: 'past_due' }));
    await overview();
    await waitFor(() => expect(readMembershipNotice()).toBeNull());
  });
});
