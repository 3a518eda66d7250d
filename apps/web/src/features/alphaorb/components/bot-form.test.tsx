import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateBotPage } from './create-bot-page';
import { renderWithClient } from '../../../../test/render';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ACCOUNT = { id: 'acc-1', label: 'Practice account', account_id: '77', platform: 'TradeLocker', type: 'demo' };

/** One account with one instrument; `create` answers POST /api/alphaorb/bots. */
function serve(create: () => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app.test');
    if (url.pathname === '/api/alphaorb/accounts') return json({ accounts: [ACCOUNT] });
    if (url.pathname.endsWith('/instruments')) return json({ instruments: [{ id: '1001', symbol: 'NAS100', name: 'Nasdaq 100' }] });
    if (url.pathname === '/api/alphaorb/bots' && init.method === 'POST') return create();
    return json({ message: 'No route.' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage() {
  return renderWithClient(<CreateBotPage />);
}

afterEach(() => vi.unstubAllGlobals());

describe('bot form', () => {
  it('[T31] defaults to the only account and its first instrument', async () => {
    serve(() => json({}, 500));
    renderPage();
    expect(await screen.findByLabelText('Trading account')).toHaveValue('acc-1');
    await waitFor(() => expect(screen.getByLabelText('Instrument')).toHaveValue('1001'));
  });

  it('checks the label with the spec message before sending', async () => {
    const fetch = serve(() => json({}, 500));
    renderPage();
    await userEvent.click(await screen.findByLabelText(/AlphaORB is an educational tool/));
    await userEvent.click(screen.getByRole('button', { name: 'Create bot' }));
    expect(await screen.findByText('Please provide a label for the bot.')).toBeVisible();
    expect(screen.getByLabelText('Bot label')).toHaveAccessibleDescription('Please provide a label for the bot.');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('[T29] puts a server 422 on its field', async () => {
    const fetch = serve(() => json({ message: 'Enter a lot size of at least 0.', errors: { lot_size: ['Enter a lot size of at least 0.'] } }, 422));
    renderPage();
    await userEvent.type(await screen.findByLabelText('Bot label'), 'Morning NAS100');
    await waitFor(() => expect(screen.getByLabelText('Instrument')).toHaveValue('1001'));
    await userEvent.click(screen.getByLabelText(/AlphaORB is an educational tool/));
    await userEvent.click(screen.getByRole('button', { name: 'Create bot' }));
    await waitFor(() => expect(screen.getByLabelText('Lot size')).toHaveAccessibleDescription('Enter a lot size of at least 0.'));
    expect(screen.getByLabelText('Lot size')).toHaveAttribute('aria-invalid', 'true');
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({
      label: 'Morning NAS100',
      trading_account_id: 'acc-1',
      instrument_id: '1001',
      orb_minutes: 5,
      orb_start_local: '09:30',
      run_days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      lot_size: 1,
      order_type: 'limit',
      max_spread: null,
      risk_max_daily_trades: 1,
      risk_max_daily_loss: null,
      test_mode: false,
    });
  });
});
