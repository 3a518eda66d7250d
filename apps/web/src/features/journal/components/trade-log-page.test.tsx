import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderHistoryResponse, Trade } from '@th/contracts/trades';
import { TradeLogPage } from './trade-log-page';

const trade = (over: Partial<Trade>): Trade => ({
  id: '1',
  exit_order_id: null,
  entry_order_id: null,
  position_id: 'P1',
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
  ...over,
});

const page = (data: Trade[], over: Partial<OrderHistoryResponse['meta']> = {}): OrderHistoryResponse => ({
  data,
  meta: {
    page: 1,
    per_page: 50,
    total_pages: 3,
    total: 120,
    count: data.length,
    accounts: [{ id: 'acc-1', label: 'Apex Live' }],
    instruments: ['NAS100', 'US30'],
    types: ['market'],
    sides: ['buy', 'sell'],
    ...over,
  },
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(answer: (url: URL) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input), 'http://app.test')));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/tradelog']}>
        <Routes>
          <Route path="/tradelog" element={<TradeLogPage />} />
          <Route path="/tradedesk/day/:date" element={<p>Daily log opened</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('TradeLogPage', () => {
  it('applies the draft filters only on Apply, from page 1, and resets them', async () => {
    const fetch = serve((url) =>
      json(url.searchParams.get('instrument') ? page([trade({ instrument: 'US30' })], { total: 1, total_pages: 1 }) : page([trade({})])),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Showing 1–1 of 120 trades')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    const apply = screen.getByRole('button', { name: 'Apply' });
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(apply).toBeDisabled();
    expect(reset).toBeDisabled();

    await user.type(screen.getByLabelText('Instrument'), 'us');
    expect(apply).toBeEnabled();
    // Typing alone does not refetch.
    expect(fetch).toHaveBeenCalledTimes(1);
    await user.click(apply);
    expect(await screen.findByText('Showing 1–1 of 1 trades')).toBeInTheDocument();
    const url = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://app.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({ per_page: '50', page: '1', instrument: 'us' });
    expect(apply).toBeDisabled();
    expect(reset).toBeEnabled();

    await user.click(reset);
    expect(await screen.findByText('Showing 1–1 of 120 trades')).toBeInTheDocument();
    expect(screen.getByLabelText('Instrument')).toHaveValue('');
  });

  it('opens the day of a row with Enter and keeps undated rows disabled', async () => {
    serve(() => json(page([trade({ id: 'manual-7', trade_date: '2026-01-05' }), trade({ id: '9', trade_date: null, exit_time: null, entry_time: null })])));
    const user = userEvent.setup();
    renderPage();
    const rows = await screen.findAllByRole('row');
    const undated = rows[2]!;
    expect(undated).toHaveAttribute('aria-disabled', 'true');
    expect(within(undated).getAllByText('—').length).toBeGreaterThan(0);
    rows[1]!.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Daily log opened')).toBeInTheDocument();
  });

  it('shows the server text, else the status message', async () => {
    serve(() => json({ message: 'Per page can be at most 500.' }, 422));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Per page can be at most 500.');
    vi.unstubAllGlobals();
  });

  it('says when nothing matches', async () => {
    serve(() => json(page([], { total: 0, total_pages: 1 })));
    renderPage();
    expect(await screen.findByText('No trades match the current filters.')).toBeInTheDocument();
  });
});
