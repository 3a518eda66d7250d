import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, linkedAccount, profile, renderRoute } from './account-test-harness';
import { Component } from './risk';

afterEach(() => vi.unstubAllGlobals());

const ACCOUNT = { account_id: 'acc-1', label: 'Prop 50K', balance: 50_000, currency: 'USD', rules: null, preset_id: null, rules_updated_at: null };
const RULES = {
  max_daily_loss: { mode: 'money', value: 1_000 },
  max_trade_loss: 250,
  max_trades_per_day: null,
  max_open_lots: null,
  allowed_sessions: ['New York'],
  cooldown: null,
  warn_only: true,
};

const LOCK = {
  account_id: 'acc-1',
  label: 'Prop 50K',
  currency: 'USD',
  protected: true,
  locked: true,
  locked_until: '2030-05-03T04:00:00.000Z',
  locked_at: '2030-05-02T14:00:00.000Z',
  rule: 'daily_loss',
  rules: ['daily_loss'],
  message: "Today's loss of $1,020.00 reached the max daily loss of $1,000.00.",
  numbers: { limit: '1000.00', loss: '1020.00' },
  trading_day: '2030-05-02',
  start_balance: '50000.00',
  last_checked_at: '2030-05-02T14:00:05.000Z',
  last_error: null,
  failed_actions: 1,
};

describe('Risk Manager: enforcement', () => {
  it('shows the lock in the member’s zone and the review log with every action', async () => {
    fakeApi({
      'GET /api/me': { body: { data: profile({ timezone: 'Europe/London', linked_accounts: [linkedAccount()] }) } },
      'GET /api/risk': { body: { data: { accounts: [{ ...ACCOUNT, rules: RULES }], presets: [] } } },
      'GET /api/risk/changes': { body: { data: [] } },
      'GET /api/risk/locks': { body: { data: [LOCK] } },
      'GET /api/risk/review': {
        body: {
          data: [
            {
              id: 1,
              account_id: 'acc-1',
              account_label: 'Prop 50K',
              kind: 'breach',
              rule: 'daily_loss',
              rules: ['daily_loss'],
              message: LOCK.message,
              numbers: LOCK.numbers,
              trading_day: '2030-05-02',
              locked_until: LOCK.locked_until,
              at: '2030-05-02T14:00:00.000Z',
              actions: [
                { id: 1, kind: 'close_position', detail: 'Close buy 1 lots, position 7', status: 'done', attempts: 1, last_error: null, updated_at: '2030-05-02T14:00:01.000Z' },
                { id: 2, kind: 'cancel_order', detail: 'Cancel buy limit order 8', status: 'failed', attempts: 2, last_error: 'Rate limit exceeded', updated_at: '2030-05-02T14:00:01.000Z' },
              ],
            },
          ],
        },
      },
    });
    renderRoute('/risk', Component);
    const card = await screen.findByRole('region', { name: 'Rules: Prop 50K' });
    // 04:00 UTC is 05:00 in London (BST), named.
    expect(await within(card).findByText(/Locked by Risk Manager until May 3, 2030, 5:00 AM GMT\+1/)).toBeVisible();
    expect(within(card).getByText(/One action could not be completed at TradeLocker yet/)).toBeVisible();
    const log = await screen.findByRole('list', { name: 'Breaches and warnings' });
    expect(within(log).getByText('Flattened and locked')).toBeVisible();
    expect(within(log).getByText('Close buy 1 lots, position 7: done')).toBeVisible();
    expect(within(log).getByText('Cancel buy limit order 8: failed, retrying (Rate limit exceeded)')).toBeVisible();
  });
});

describe('Risk Manager: rules per linked account', () => {
  it('sends the rules typed, blanks as rules not set, and shows them saved', async () => {
    const api = fakeApi({
      'GET /api/me': { body: { data: profile({ linked_accounts: [linkedAccount()] }) } },
      'GET /api/risk': { body: { data: { accounts: [ACCOUNT], presets: [] } } },
      'GET /api/risk/changes': { body: { data: [] } },
      'PUT /api/risk/accounts/acc-1/rules': { body: { data: { ...ACCOUNT, rules: RULES, rules_updated_at: '2030-05-02T14:00:00.000Z' } } },
    });
    renderRoute('/risk', Component);
    const form = await screen.findByRole('form', { name: 'Rules for Prop 50K' });
    // The page says what enforcement does before anyone relies on it.
    expect(screen.getByText(/When a rule is broken it cancels the pending orders/)).toBeVisible();
    await userEvent.type(within(form).getByLabelText('Max daily loss'), '1000');
    await userEvent.type(within(form).getByLabelText('Max loss per trade (USD)'), '250');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'New York' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: /Warn only/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('Rules saved for Prop 50K.')).toBeInTheDocument();
    expect(api.sent('PUT', '/api/risk/accounts/acc-1/rules')[0]!.body).toEqual(RULES);
  });

  it('words bad rules before sending, and puts the server’s 422 on its field', async () => {
    const api = fakeApi({
      'GET /api/me': { body: { data: profile({ linked_accounts: [linkedAccount()] }) } },
      'GET /api/risk': { body: { data: { accounts: [ACCOUNT], presets: [] } } },
      'GET /api/risk/changes': { body: { data: [] } },
      'PUT /api/risk/accounts/acc-1/rules': {
        status: 422,
        body: { message: 'Invalid', errors: { 'max_daily_loss.value': ["The max daily loss cannot be more than the account's balance ($50,000.00)."] } },
      },
    });
    renderRoute('/risk', Component);
    const form = await screen.findByRole('form', { name: 'Rules for Prop 50K' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save rules' }));
    expect(await within(form).findByText('Set at least one rule.')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Max daily loss'), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save rules' }));
    expect(await within(form).findByText('The max daily loss must be above 0.')).toBeInTheDocument();
    expect(api.sent('PUT', '/api/risk/accounts/acc-1/rules')).toHaveLength(0);
    await userEvent.clear(within(form).getByLabelText('Max daily loss'));
    await userEvent.type(within(form).getByLabelText('Max daily loss'), '60000');
    await userEvent.click(within(form).getByRole('button', { name: 'Save rules' }));
    expect(await within(form).findAllByText("The max daily loss cannot be more than the account's balance ($50,000.00).")).not.toHaveLength(0);
    expect(within(form).getByLabelText('Max daily loss')).toHaveAttribute('aria-invalid', 'true');
  });

  it('applies a preset to the accounts ticked', async () => {
    const preset = { id: 'p-1', name: 'Prop challenge', rules: RULES, updated_at: '2030-05-02T14:00:00.000Z' };
    const api = fakeApi({
      'GET /api/me': { body: { data: profile({ linked_accounts: [linkedAccount()] }) } },
      'GET /api/risk': { body: { data: { accounts: [ACCOUNT, { ...ACCOUNT, account_id: 'acc-2', label: 'Swing' }], presets: [preset] } } },
      'GET /api/risk/changes': { body: { data: [] } },
      'POST /api/risk/presets/p-1/apply': { body: { data: [{ ...ACCOUNT, account_id: 'acc-2', label: 'Swing', rules: RULES, preset_id: 'p-1' }] } },
    });
    renderRoute('/risk', Component);
    const apply = await screen.findByRole('button', { name: 'Apply Prop challenge' });
    expect(apply).toBeDisabled();
    await userEvent.click(within(screen.getByRole('group', { name: 'Apply Prop challenge to' })).getByRole('checkbox', { name: 'Swing' }));
    await userEvent.click(apply);
    expect(await screen.findByText('Applied to Swing.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/risk/presets/p-1/apply')[0]!.body).toEqual({ account_ids: ['acc-2'] });
  });
});
