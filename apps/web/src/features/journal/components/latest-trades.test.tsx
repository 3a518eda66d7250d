import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Trade } from '@th/contracts/trades';
import { LatestTrades } from './latest-trades';

const trade: Trade = {
  id: '41',
  exit_order_id: null,
  entry_order_id: null,
  position_id: 'P41',
  instrument: 'NAS100',
  bot_label: null,
  side: 'buy',
  type: 'market',
  quantity: '2',
  entry_time: '2026-01-05T14:35:00Z',
  exit_time: '2026-01-05T14:50:00Z',
  entry_price: '21000.25',
  exit_price: '21010.5',
  stop_loss: null,
  take_profit: null,
  fee: '1.2',
  swap: '0',
  gross_pnl: '20.5',
  net_pnl: '19.30',
  notes: null,
  source: 'linked',
  manual: false,
  manual_trade_id: null,
  account: { label: 'Apex Live', identifier: '1001' },
  account_id: 'acc-1',
  account_label: 'Apex Live',
  account_identifier: '1001',
  trade_date: '2026-01-05',
  session: 'New York',
};

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      json({
        data: { date: '2026-01-05', session: null, sentiment: null, plan_summary: null, overall_notes: null, tags: [], updated_at: null, trades: {} },
      }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderLatest() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LatestTrades trades={[trade]} loading={false} error={null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Latest trades detail panel, by keyboard', () => {
  it('keeps focus where the member is: Edit → first field, Cancel → Edit, Close → the row', async () => {
    const user = userEvent.setup();
    renderLatest();
    const row = screen.getByRole('row', { name: /NAS100/ });
    row.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('region', { name: 'NAS100 trade details' });
    const edit = await within(panel).findByRole('button', { name: 'Edit' });
    await vi.waitFor(() => expect(edit).toBeEnabled());

    edit.focus();
    await user.keyboard('{Enter}');
    expect(await within(panel).findByLabelText('Outcome')).toHaveFocus();

    within(panel).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    expect(within(panel).getByRole('button', { name: 'Edit' })).toHaveFocus();

    within(panel).getByRole('button', { name: 'Close' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: 'NAS100 trade details' })).not.toBeInTheDocument();
    expect(row).toHaveFocus();
    expect(row).toHaveAttribute('aria-expanded', 'false');
  });
});
