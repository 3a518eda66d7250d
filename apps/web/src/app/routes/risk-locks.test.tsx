import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, linkedAccount, profile, renderRoute } from './account-test-harness';
import { Component as Account } from './account';
import { Component as Dashboard } from './dashboard';
import { Component as TradeDesk } from './tradedesk';

afterEach(() => vi.unstubAllGlobals());

const lock = (accountId: string, locked: boolean) => ({
  account_id: accountId,
  label: 'Prop 50K',
  currency: 'USD',
  protected: true,
  locked,
  locked_until: locked ? '2030-05-03T04:00:00.000Z' : null,
  locked_at: locked ? '2030-05-02T14:00:00.000Z' : null,
  rule: locked ? 'daily_loss' : null,
  // One check broke two rules: every one of them is named.
  rules: locked ? ['daily_loss', 'trade_loss'] : [],
  message: locked
    ? "Today's loss of $1,020.00 reached the max daily loss of $1,000.00. An open trade is losing $600.00, at or past the max loss per trade of $500.00."
    : null,
  numbers: null,
  trading_day: '2030-05-02',
  start_balance: '50000.00',
  last_checked_at: null,
  last_error: null,
  failed_actions: 0,
});

describe('a Risk Manager lock outside /risk', () => {
  it('shows on the linked account tile, the time in the member’s named zone', async () => {
    const account = linkedAccount();
    fakeApi({
      'GET /api/me': { body: { data: profile({ timezone: 'America/Vancouver', linked_accounts: [account] }) } },
      'GET /api/risk/locks': { body: { data: [lock(account.id, true)] } },
    });
    renderRoute('/account', Account);
    const tile = await screen.findByRole('listitem', { name: account.name });
    expect(await within(tile).findByText('Locked by Risk Manager until May 2, 2030, 9:00 PM PDT')).toBeVisible();
    expect(within(tile).getByText('Rules broken: Max daily loss, Max loss per trade.')).toBeVisible();
  });

  it('shows on the dashboard with the way to the Risk Manager, and not when unlocked', async () => {
    const account = linkedAccount();
    fakeApi({
      'GET /api/me': { body: { data: profile({ linked_accounts: [account] }) } },
      'GET /api/risk/locks': { body: { data: [lock(account.id, true)] } },
    });
    renderRoute('/dashboard', Dashboard);
    const notice = await screen.findByRole('region', { name: 'Risk Manager locks' });
    expect(within(notice).getByText(/Locked by Risk Manager until May 3, 2030, 12:00 AM EDT/)).toBeVisible();
    expect(notice).toHaveTextContent(/Rules broken: Max daily loss, Max loss per trade\. Today's loss .* max loss per trade of \$500\.00\./);
    expect(within(notice).getByRole('link', { name: 'Review in Risk Manager' })).toHaveAttribute('href', '/risk');
  });

  it('shows on TradeDesk, naming every rule broken', async () => {
    const account = linkedAccount();
    fakeApi({
      'GET /api/me': { body: { data: profile({ linked_accounts: [account] }) } },
      'GET /api/risk/locks': { body: { data: [lock(account.id, true)] } },
    });
    renderRoute('/tradedesk', TradeDesk);
    const notice = await screen.findByRole('region', { name: 'Risk Manager locks' });
    expect(notice).toHaveTextContent(/Prop 50K: Locked by Risk Manager until May 3, 2030, 12:00 AM EDT\. Rules broken: Max daily loss, Max loss per trade\./);
  });

  it('says nothing on the dashboard while no account is locked', async () => {
    const account = linkedAccount();
    const api = fakeApi({
      'GET /api/me': { body: { data: profile({ linked_accounts: [account] }) } },
      'GET /api/risk/locks': { body: { data: [lock(account.id, false)] } },
    });
    renderRoute('/dashboard', Dashboard);
    await vi.waitFor(() => expect(api.sent('GET', '/api/risk/locks')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Risk Manager locks' })).toBeNull();
  });
});
