import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderHistoryResponse, Trade } from '@th/contracts/trades';
import { tradeFixture } from '../../../../test/trade-fixture';
import { TradeLogPage } from './trade-log-page';

const trade = tradeFixture;

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

function DailyLog() {
  const navigate = useNavigate();
  return (
    <>
      <p>Daily log opened</p>
      <button onClick={() => navigate(-1)}>Back</button>
    </>
  );
}

function renderPage(at = '/tradelog') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/tradelog" element={<TradeLogPage />} />
          <Route path="/tradedesk/day/:date" element={<DailyLog />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('TradeLogPage', () => {
  it('[T48] [T49] [T52] applies the draft filters only on Apply, from page 1, and resets them', async () => {
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
    expect(await screen.findByText('Showing 1–1 of 1 trade')).toBeInTheDocument();
    const url = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://app.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({ per_page: '50', page: '1', instrument: 'us' });
    expect(apply).toBeDisabled();
    expect(reset).toBeEnabled();

    await user.click(reset);
    expect(await screen.findByText('Showing 1–1 of 120 trades')).toBeInTheDocument();
    expect(screen.getByLabelText('Instrument')).toHaveValue('');
  });

  it('filters by one of the member\'s own tags, offered once the Tag field is reached', async () => {
    const fetch = serve((url) =>
      url.pathname === '/api/journals/tags'
        ? json({ data: [{ tag: 'FOMO entry', trades: 4, days: 1 }] })
        : json(url.searchParams.get('tag') ? page([trade({ instrument: 'US30' })], { total: 1, total_pages: 1 }) : page([trade({})])),
    );
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Showing 1–1 of 120 trades')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    await user.click(screen.getByLabelText('Tag'));
    await waitFor(() => expect(document.querySelector('#log-tags option')).toHaveAttribute('value', 'FOMO entry'));
    await user.type(screen.getByLabelText('Tag'), 'FOMO entry');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Showing 1–1 of 1 trade')).toBeInTheDocument();
    const url = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://app.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({ per_page: '50', page: '1', tag: 'FOMO entry' });
  });

  it('shows entry and exit in Toronto time and says so under the table', async () => {
    serve(() => json(page([trade({ id: '11', entry_time: '2026-01-05T14:30:00Z', exit_time: '2026-01-05T15:05:00Z', trade_date: '2026-01-05' })])));
    renderPage();
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(within(row).getByText('Jan 5, 09:30')).toBeVisible();
    expect(within(row).getByText('Jan 5, 10:05')).toBeVisible();
    expect(screen.getByText('Times are Toronto time (America/Toronto).')).toBeVisible();
  });

  it('[T51] opens the day of a row with Enter and keeps undated rows disabled', async () => {
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

  it('returns from a day to the same page of the same filtered log', async () => {
    const fetch = serve((url) => json(page([trade({ id: `t${url.searchParams.get('page')}` })], { page: Number(url.searchParams.get('page')) })));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Page 1 of 3');
    await user.type(screen.getByLabelText('Instrument'), 'nas');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    // A draft typed but not applied is kept while paging.
    await user.type(screen.getByLabelText('Instrument'), '1');

    await user.click(screen.getAllByRole('row')[1]!);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Instrument')).toHaveValue('nas');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled();
    const last = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://app.test');
    expect(Object.fromEntries(last.searchParams)).toEqual({ per_page: '50', page: '2', instrument: 'nas' });
  });

  it('opens a filtered page from its address, and Reset clears it', async () => {
    const fetch = serve((url) => json(page([trade({})], { page: Number(url.searchParams.get('page')) })));
    const user = userEvent.setup();
    renderPage('/tradelog?side=sell&page=3');
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Side')).toHaveValue('sell');
    const first = new URL(String(fetch.mock.calls[0]![0]), 'http://app.test');
    expect(Object.fromEntries(first.searchParams)).toEqual({ per_page: '50', page: '3', side: 'sell' });

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Side')).toHaveValue('');
  });

  it('[T54] shows the server text, else the status message', async () => {
    serve(() => json({ message: 'Per page can be at most 500.' }, 422));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Per page can be at most 500.');
    vi.unstubAllGlobals();
  });

  it('[T53] says when nothing matches', async () => {
    serve(() => json(page([], { total: 0, total_pages: 1 })));
    renderPage();
    expect(await screen.findByText('No trades match the current filters.')).toBeInTheDocument();
  });

  it('[T47] is titled "Trading Log" with the spec subtitle', async () => {
    serve(() => json(page([trade()])));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Trading Log' })).toBeVisible();
    expect(screen.getByText('Full history of synced trades with filtering and pagination controls.')).toBeVisible();
  });

  it('[T50] lists the spec columns and each trade under them', async () => {
    serve(() => json(page([trade({ side: 'sell', type: 'limit', quantity: '2', net_pnl: '-19.30' })])));
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Instrument', 'Entry time', 'Exit time', 'Type', 'Side', 'Amount', 'Entry', 'Exit', 'Net P&L', 'Account',
    ]);
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row!).getAllByRole('cell').map((td) => td.textContent);
    expect(cells[0]).toBe('NAS100');
    expect(cells.slice(3)).toEqual(['limit', 'SELL', '2.00', '21,000.25', '21,010.50', '-$19.30', 'Apex Live']);
  });
});
