import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiscoveredAccount } from '@th/contracts';
import { Component } from './account-link';
import { fakeApi, profile, renderRoute } from './account-test-harness';

afterEach(() => vi.unstubAllGlobals());

const discovered = (overrides: Partial<DiscoveredAccount>): DiscoveredAccount => ({
  id: '701',
  number: '1234567',
  balance: 100_000,
  currency: 'USD',
  platform: 'TradeLocker',
  name: 'SIM Demo 100K',
  status: 'ACTIVE',
  type: 'demo',
  ...overrides,
});

const ACCOUNTS = [
  discovered({}),
  discovered({ id: '702', number: '7654321', name: 'Funded 50K', status: 'SUSPENDED', type: 'live', balance: 50_000 }),
  discovered({ id: '703', number: '5550001', name: 'Old account', status: null }),
];

function wizard() {
  const api = fakeApi({
    'GET /api/me': { body: { data: profile() } },
    'POST /api/trading-accounts/discover': { body: { tokens: { accessToken: 'a', refreshToken: 'r', expireDate: null }, accounts: ACCOUNTS } },
  });
  renderRoute('/account/link', Component);
  return api;
}

async function toCredentials() {
  await userEvent.click(await screen.findByRole('radio', { name: /TradeLocker/ }));
  await userEvent.click(screen.getByRole('checkbox'));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('Link wizard route', () => {
  it('[P70] step 1 asks to acknowledge the risk disclaimer and choose a ready platform; Cancel goes back', async () => {
    wizard();
    expect(await screen.findByRole('heading', { name: 'Select your platform' })).toBeInTheDocument();
    const disclaimer = screen.getByRole('checkbox');
    expect(disclaimer.closest('label')).toHaveTextContent(
      /substantial risk of loss.*educational purposes only.*does not give financial advice.*does not guarantee any profit.*accepts no liability/,
    );
    const tile = (name: RegExp) => screen.getByRole('radio', { name });
    expect(tile(/TradeLocker/)).toHaveTextContent('TradeLockerReady');
    expect(tile(/TradeLocker/)).toBeEnabled();
    for (const name of [/Tradovate/, /MetaTrader 4\/5/]) {
      expect(tile(name)).toHaveTextContent('Soon');
      expect(tile(name)).toBeDisabled();
    }
    const next = screen.getByRole('button', { name: 'Continue' });
    await userEvent.click(tile(/TradeLocker/));
    expect(next).toBeDisabled();
    await userEvent.click(disclaimer);
    expect(next).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/account$/);
  });

  it('[P71] step 2 asks for Email, Password, Server and Account Type (Live by default) and says the password is not stored', async () => {
    wizard();
    await toCredentials();
    expect(screen.getByRole('heading', { name: 'Enter your TradeLocker details' })).toBeInTheDocument();
    const type = screen.getByRole('group', { name: 'Account Type' });
    expect(within(type).getByRole('radio', { name: 'Live' })).toBeChecked();
    expect(within(type).getByRole('radio', { name: 'Demo' })).not.toBeChecked();
    expect(screen.getByText(/never stored in plain text/)).toBeInTheDocument();

    const discover = screen.getByRole('button', { name: 'Discover Accounts' });
    expect(discover).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Email'), 'demo@broker.test');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-pass');
    expect(discover).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Server'), 'SIM-DEMO');
    expect(discover).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Select your platform' })).toBeInTheDocument();
  });

  it('[P72] step 3 reads Finding accounts…, then lists each account; Link Selected needs one chosen', async () => {
    const api = wizard();
    await toCredentials();
    await userEvent.type(screen.getByLabelText('Email'), ' demo@broker.test ');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-pass');
    await userEvent.type(screen.getByLabelText('Server'), 'SIM-DEMO');
    let release: () => void = () => {};
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async (...args) => {
      await new Promise<void>((resolve) => (release = resolve));
      return original(...(args as [string, RequestInit]));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Discover Accounts' }));
    expect(screen.getByRole('heading', { name: 'Confirm account(s)' })).toBeInTheDocument();
    expect(screen.getByText('Finding accounts…')).toBeInTheDocument();
    release();

    await screen.findByText('SIM Demo 100K');
    const row = (name: string) => screen.getByText(name).closest('li')!;
    expect(row('SIM Demo 100K')).toHaveTextContent('TradeLocker#1234567Demo');
    expect(row('SIM Demo 100K')).toHaveTextContent('USD · $100,000.00');
    expect(within(row('SIM Demo 100K')).getByText('ACTIVE')).toHaveClass('badge-green');
    expect(within(row('Funded 50K')).getByText('Live')).toBeInTheDocument();
    expect(within(row('Funded 50K')).getByText('SUSPENDED')).toHaveClass('badge-gray');
    expect(within(row('Old account')).getByText('Unknown')).toHaveClass('badge-gray');
    expect(within(row('Funded 50K')).getByPlaceholderText('Add a label (optional)')).toHaveValue('');
    expect(api.sent('POST', '/api/trading-accounts/discover')[0]!.body).toMatchObject({
      email: 'demo@broker.test',
      server: 'SIM-DEMO',
      accountType: 'live',
    });

    const linkSelected = screen.getByRole('button', { name: 'Link Selected' });
    expect(linkSelected).toBeDisabled();
    await userEvent.click(within(row('Funded 50K')).getByRole('checkbox'));
    expect(linkSelected).toBeEnabled();
    await userEvent.click(within(row('Funded 50K')).getByRole('checkbox'));
    expect(linkSelected).toBeDisabled();
  });
});
