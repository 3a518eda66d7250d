import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { raiseMembershipNotice, readMembershipNotice } from '@/lib/membership-notice';
import { HARD_STOP_CONFIRMATION } from '@/features/account/components/bot-controls';
import { Component } from './account';
import { fakeApi, linkedAccount, profile, renderRoute } from './account-test-harness';

afterEach(() => vi.unstubAllGlobals());

const ACCOUNT_ID = linkedAccount().id;

describe('Account route: AlphaORB bots of a member who cannot open AlphaORB', () => {
  const suspended = () => profile({ status: 'suspended', linked_accounts: [] });
  const bot = (over = {}) => ({ id: 'bot-1', label: 'Morning NAS100', instrument: 'NAS100', enabled: true, can_pause: true, can_hard_stop: true, ...over });

  it('lets a suspended member pause a bot and, once confirmed, hard-stop it', async () => {
    let enabled = true;
    const api = fakeApi({
      'GET /api/me': { body: { data: suspended() } },
      'GET /api/me/bots': () => ({ body: { bots: [bot({ enabled, can_pause: enabled })] } }),
      'POST /api/alphaorb/bots/bot-1/pause': () => {
        enabled = false;
        return { body: { message: 'Bot paused. Upcoming runs will not start until you resume it.' } };
      },
      'POST /api/alphaorb/bots/bot-1/hard-stop': { body: { message: 'Hard stop requested: the active trade is being closed and monitoring is halted.' } },
    });
    renderRoute('/account', Component);
    // The file's first render loads the route's modules (the dialog's too): slow on a busy machine.
    const card = await screen.findByRole('region', { name: 'AlphaORB bots' }, { timeout: 8000 });
    const item = within(card).getByRole('listitem', { name: 'Morning NAS100' });
    expect(item).toHaveTextContent('Enabled');

    await userEvent.click(within(item).getByRole('button', { name: 'Pause bot' }));
    expect(await within(card).findByText('Bot paused. Upcoming runs will not start until you resume it.')).toBeInTheDocument();
    await waitFor(() => expect(within(item).getByRole('button', { name: 'Pause bot' })).toBeDisabled());
    expect(item).toHaveTextContent('Paused');

    await userEvent.click(within(item).getByRole('button', { name: 'Hard stop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hard stop Morning NAS100' });
    expect(dialog).toHaveTextContent(HARD_STOP_CONFIRMATION);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('POST', '/api/alphaorb/bots/bot-1/hard-stop')).toHaveLength(0);
    await userEvent.click(within(item).getByRole('button', { name: 'Hard stop' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hard stop' }));
    expect(await within(card).findByText(/Hard stop requested/)).toBeInTheDocument();
    expect(api.sent('POST', '/api/alphaorb/bots/bot-1/hard-stop')).toHaveLength(1);
  });

  it('shows nothing to a member who can use AlphaORB, and does not even ask', async () => {
    const api = fakeApi({
      'GET /api/me': { body: { data: profile({ permissions: ['alphaorb.manage'] }) } },
      'GET /api/me/bots': { body: { bots: [bot()] } },
    });
    renderRoute('/account', Component);
    await screen.findByRole('region', { name: 'Your account' });
    expect(screen.queryByRole('region', { name: 'AlphaORB bots' })).toBeNull();
    expect(api.sent('GET', '/api/me/bots')).toHaveLength(0);
  });
});

describe('Account route', () => {
  it('[P56] [P58] [P59] [P62] [P64] shows the member, their subscription and each linked account as the spec lists them', async () => {
    fakeApi({ 'GET /api/me': { body: { data: profile() } } });
    renderRoute('/account', Component);

    expect(screen.getByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(screen.getByText('Loading your profile…')).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Your account' });
    expect(within(card).getByText('Maya Chen')).toBeInTheDocument();
    expect(within(card).getByText('Member since Nov 3, 2029')).toBeInTheDocument();
    expect(within(card).getByText('maya@example.com')).toBeInTheDocument();
    expect(within(card).getByText('+1 416 555 0100')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toHaveClass('badge-green');
    expect(within(card).getByRole('link', { name: 'Update details' })).toHaveAttribute('href', '/account/edit');

    const subscription = screen.getByRole('region', { name: 'Your subscription' });
    expect(within(subscription).getByText('Trader plus Automation')).toBeInTheDocument();
    expect(within(subscription).getByText('Nov 3, 2030')).toBeInTheDocument();
    expect(within(subscription).getByText('Stripe')).toBeInTheDocument();
    expect(within(subscription).getByText('Everything in Trader plus AlphaORB automation')).toBeInTheDocument();
    expect(within(subscription).getByRole('link', { name: 'Manage subscription' })).toHaveAttribute('href', '/account/subscription');

    const tile = screen.getByRole('listitem', { name: 'TL Live Main' });
    expect(within(tile).getByText('Connected')).toHaveClass('badge-green');
    expect(within(tile).getByText('$25,340.50')).toBeInTheDocument();
    const row = (label: string) => within(tile).getByText(label).nextElementSibling?.textContent;
    expect(row('Account')).toBe('1234567');
    expect(row('Type')).toBe('Live');
    expect(row('Platform')).toBe('TradeLocker');
    expect(row('Status')).toBe('Active');
    expect(row('Last synced')).toBe('May 2, 2030, 9:45 AM');
    expect(row('AlphaORB bots')).toBe('2');
    expect(screen.getByRole('link', { name: /Link trading account/ })).toHaveAttribute('href', '/account/link');
  });

  it('[P55] [P69] shows a suspended member the orange badge, the dismissible notice and no way to link accounts', async () => {
    const canceled = { ...profile().subscription!, vendor: 'internal', status: 'canceled' };
    fakeApi({ 'GET /api/me': { body: { data: profile({ status: 'suspended', subscription: canceled, linked_accounts: [] }) } } });
    renderRoute('/account', Component, '/account?notice=suspended');

    expect(await screen.findByText('Suspended')).toHaveClass('badge-orange');
    expect(screen.getByText('Reactivate membership to link new accounts')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Link trading account/ })).not.toBeInTheDocument();

    const notice = screen.getByText('Your membership is inactive. Update billing to regain access.').closest('.alert')!;
    expect(within(notice as HTMLElement).getByRole('link', { name: 'Manage billing' })).toHaveAttribute('href', '/account/subscription');
    await userEvent.click(within(notice as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Your membership is inactive/)).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/account$/);
  });

  it('prompts a member without a membership to connect one', async () => {
    fakeApi({ 'GET /api/me': { body: { data: profile({ subscription: null }) } } });
    renderRoute('/account', Component);
    expect(await screen.findByText('Connect your membership to unlock features.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage subscription' })).toBeInTheDocument();
  });

  it('shows the stored notice text and raises the inactive notice for an unhealthy Stripe membership', async () => {
    const unhealthy = profile({ subscription: { ...profile().subscription!, status: 'past_due', cancel_at_period_end: true } });
    fakeApi({ 'GET /api/me': { body: { data: unhealthy } } });
    renderRoute('/account', Component);
    expect(await screen.findByText('Your membership is inactive. Update billing to restore full access.')).toBeInTheDocument();
    expect(readMembershipNotice()?.message).toBe('Your membership is inactive. Update billing to restore full access.');
  });

  it('clears a stale notice when the membership is healthy, but never raises one for internal billing', async () => {
    raiseMembershipNotice('Your membership is inactive. Update billing to restore full access.');
    fakeApi({ 'GET /api/me': { body: { data: profile() } } });
    renderRoute('/account', Component);
    await screen.findByRole('region', { name: 'Your account' });
    await waitFor(() => expect(readMembershipNotice()).toBeNull());

    const internal = profile({ subscription: { ...profile().subscription!, vendor: 'internal', status: 'canceled' } });
    fakeApi({ 'GET /api/me': { body: { data: internal } } });
    renderRoute('/account', Component);
    await screen.findAllByRole('region', { name: 'Your account' });
    expect(readMembershipNotice()).toBeNull();
  });

  it('[P60] disables an account after the spec confirmation, then shows it refreshed with the disabled note', async () => {
    let current = profile();
    const api = fakeApi({
      'GET /api/me': () => ({ body: { data: current } }),
      [`PATCH /api/trading-accounts/${ACCOUNT_ID}`]: () => {
        current = profile({ linked_accounts: [linkedAccount({ status: 'disabled', disabled: true, connection: 'disabled' })] });
        return { body: { status: 'disabled', updated_at: '2030-05-02T14:00:00.000Z' } };
      },
    });
    renderRoute('/account', Component);
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));

    const dialog = screen.getByRole('dialog', { name: 'Disable trading account' });
    expect(dialog).toHaveTextContent('Disable TL Live Main? This will pause new data but keep existing logs.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('PATCH', `/api/trading-accounts/${ACCOUNT_ID}`)[0]!.body).toEqual({ status: 'disabled' });
    const tile = await screen.findByRole('listitem', { name: 'TL Live Main' });
    await waitFor(() => expect(within(tile).getByText('Disabled', { selector: '.badge' })).toHaveClass('badge-gray'));
    expect(within(tile).getByText('Disabled accounts keep existing logs but stop syncing until you re-link credentials.')).toBeInTheDocument();
    expect(within(tile).getByRole('link', { name: 'Reactivate account' })).toHaveAttribute(
      'href',
      `/account/link?reactivate=${ACCOUNT_ID}`,
    );
    expect(within(tile).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
  });

  it('keeps the account when the confirmation is cancelled', async () => {
    const api = fakeApi({ 'GET /api/me': { body: { data: profile() } } });
    renderRoute('/account', Component);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('gives focus back to the button that opened a confirmation when it is closed', async () => {
    fakeApi({ 'GET /api/me': { body: { data: profile() } } });
    renderRoute('/account', Component);
    const disable = await screen.findByRole('button', { name: 'Disable' });
    await userEvent.click(disable);
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(disable).toHaveFocus();

    const remove = screen.getByRole('button', { name: 'Remove' });
    await userEvent.click(remove);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).toHaveFocus();
  });

  it('removes an account after a confirmation naming its bots', async () => {
    let current = profile();
    const api = fakeApi({
      'GET /api/me': () => ({ body: { data: current } }),
      [`DELETE /api/trading-accounts/${ACCOUNT_ID}`]: () => {
        current = profile({ linked_accounts: [] });
        return { body: { message: 'Trading account removed.' } };
      },
    });
    renderRoute('/account', Component);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove trading account' });
    expect(dialog).toHaveTextContent('Remove TL Live Main? This also deletes its associated bots (2 bots).');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'TL Live Main' })).not.toBeInTheDocument());
    expect(api.sent('DELETE', `/api/trading-accounts/${ACCOUNT_ID}`)).toHaveLength(1);
  });

  it.each([
    [{ status: 500, body: {} }, 'Failed to remove account (500)'],
    [{ status: 404, body: { message: 'Trading account not found.' } }, 'Trading account not found.'],
    ['network' as const, 'Unable to remove account.'],
  ])('[P66] shows why a removal failed: %j', async (reply, message) => {
    fakeApi({ 'GET /api/me': { body: { data: profile() } }, [`DELETE /api/trading-accounts/${ACCOUNT_ID}`]: reply });
    renderRoute('/account', Component);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(message);
  });

  it.each([
    [{ status: 500, body: {} }, 'Failed to update account (500)'],
    [{ status: 422, body: { message: '', errors: { status: ['Pick active or disabled.'] } } }, 'Pick active or disabled.'],
    ['network' as const, 'Unable to update account.'],
  ])('[P66] shows why disabling failed: %j', async (reply, message) => {
    fakeApi({ 'GET /api/me': { body: { data: profile() } }, [`PATCH /api/trading-accounts/${ACCOUNT_ID}`]: reply });
    renderRoute('/account', Component);
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(message);
  });

  it.each([
    [{}, 'Failed to load profile (500)'],
    // Platform §8 words it by status alone, whatever the server said.
    [{ message: 'Something went wrong on our side. Please try again.' }, 'Failed to load profile (500)'],
  ])('[P54] reports a profile that fails to load: %j', async (body, message) => {
    fakeApi({ 'GET /api/me': { status: 500, body } });
    renderRoute('/account', Component);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('[P57] [P143] logs out with a busy label and goes home even when the server call fails', async () => {
    fakeApi({ 'GET /api/me': { body: { data: profile() } }, 'POST /api/logout': 'network' });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoute('/account', Component);
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('th_auth')).toBeNull();
  });
});
