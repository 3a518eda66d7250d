import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, linkedAccount, profile, renderRoute } from './account-test-harness';
import { Component } from './risk';

afterEach(() => vi.unstubAllGlobals());

const result = () => screen.getByRole('region', { name: 'Position size' });

describe('Risk Manager: position size calculator', () => {
  it('sizes from the linked account’s broker balance as the member types, with no call per keystroke', async () => {
    const api = fakeApi({ 'GET /api/me': { body: { data: profile({ linked_accounts: [linkedAccount({ label: 'Prop 50K', balance: 50_000 })] }) } } });
    renderRoute('/risk', Component);
    expect(await screen.findByLabelText('Account')).toHaveDisplayValue('Prop 50K');
    const callsBefore = api.calls.length;
    expect(screen.getByLabelText('Balance (USD)')).toHaveValue('50000');
    expect(screen.getByLabelText('Balance (USD)')).toHaveAttribute('readonly');
    await userEvent.type(screen.getByLabelText('Entry price'), '21350');
    await userEvent.type(screen.getByLabelText('Stop price'), '21325');
    // 1 % of 50,000 over a 25-point NAS100 stop at 1 per point: 20 lots.
    expect(within(result()).getByText('20.00 lots')).toBeInTheDocument();
    expect(within(result()).getByText('long (buy)')).toBeInTheDocument();
    const targets = within(result()).getByRole('table', { name: 'R-multiple targets' });
    expect(within(targets).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      '1R21,375.00$500.00',
      '2R21,400.00$1,000.00',
      '3R21,425.00$1,500.00',
    ]);
    expect(api.calls).toHaveLength(callsBefore);
  });

  it('rounds lots down for a typed balance and a money risk, and says what is really at risk', async () => {
    fakeApi({ 'GET /api/me': { body: { data: profile({ linked_accounts: [] }) } } });
    renderRoute('/risk', Component);
    await userEvent.type(await screen.findByLabelText('Balance (USD)'), '10000');
    await userEvent.selectOptions(screen.getByLabelText('Instrument'), 'XAUUSD');
    await userEvent.click(screen.getByRole('radio', { name: 'Amount (USD)' }));
    await userEvent.clear(screen.getByLabelText('Risk (USD)'));
    await userEvent.type(screen.getByLabelText('Risk (USD)'), '250');
    await userEvent.type(screen.getByLabelText('Entry price'), '2650.4');
    await userEvent.type(screen.getByLabelText('Stop price'), '2654.1');
    expect(within(result()).getByText('0.670 lots')).toBeInTheDocument();
    expect(within(result()).getByText('short (sell)')).toBeInTheDocument();
    expect(within(result()).getByText('Money at risk').parentElement).toHaveTextContent('Money at risk$247.90');
    expect(within(result()).getByText('Risk asked').parentElement).toHaveTextContent('Risk asked$250.00');
  });

  it('words bad input on Calculate: a missing balance, a risk of 0, a stop at the entry', async () => {
    fakeApi({ 'GET /api/me': { body: { data: profile({ linked_accounts: [linkedAccount({ balance: null })] }) } } });
    renderRoute('/risk', Component);
    const balance = await screen.findByLabelText('Balance (USD)');
    expect(balance).not.toHaveAttribute('readonly');
    expect(screen.getByText(/Not read from TradeLocker yet/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Risk (% of balance)'));
    await userEvent.type(screen.getByLabelText('Risk (% of balance)'), '0');
    await userEvent.type(screen.getByLabelText('Entry price'), '100');
    await userEvent.type(screen.getByLabelText('Stop price'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText('Enter the balance.')).toBeInTheDocument();
    expect(screen.getByText('The risk must be above 0.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Position size' })).toBeNull();
    await userEvent.type(balance, '5000');
    await userEvent.clear(screen.getByLabelText('Risk (% of balance)'));
    await userEvent.type(screen.getByLabelText('Risk (% of balance)'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText('The stop must differ from the entry.')).toBeInTheDocument();
  });

  it('warns when one lot step already risks more than asked', async () => {
    fakeApi({ 'GET /api/me': { body: { data: profile({ linked_accounts: [linkedAccount({ balance: 1_000 })] }) } } });
    renderRoute('/risk', Component);
    await userEvent.selectOptions(await screen.findByLabelText('Instrument'), 'XAUUSD');
    await userEvent.clear(screen.getByLabelText('Risk (% of balance)'));
    await userEvent.type(screen.getByLabelText('Risk (% of balance)'), '0.1');
    await userEvent.type(screen.getByLabelText('Entry price'), '2650');
    await userEvent.type(screen.getByLabelText('Stop price'), '2640');
    expect(within(result()).getByRole('status')).toHaveTextContent('One lot step (0.01 lots) risks $10.00 with this stop, more than the $1.00 you asked.');
  });
});
