import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monthKeyOf } from '@th/domain';
import { TradeDeskPage } from './tradedesk-page';

// One trade on the 15th of the month TradeDesk opens on.
const oneTradingDay = [{ date: `${monthKeyOf(new Date())}-15`, net: 12.5, trades: 1 }];

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/day-summaries')
        ? json({ data: oneTradingDay })
        : json({
            data: [],
            meta: { page: 1, per_page: 400, total_pages: 1, total: 0, count: 0, accounts: [], instruments: [], types: [], sides: [] },
          }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TradeDeskPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('TradeDesk month chips', () => {
  it('count one day and one trade in the singular', async () => {
    renderPage();
    const chips = screen.getByRole('list', { name: /totals$/ });
    expect(await within(chips).findByText('1 day')).toBeInTheDocument();
    expect(within(chips).getByText('1 trade')).toBeInTheDocument();
  });
});

describe('TradeDesk month picker', () => {
  it.each(['Enter', 'Escape'])('%s in the picker gives focus back to the month label', async (key) => {
    const user = userEvent.setup();
    renderPage();
    const label = screen.getByRole('button', { name: /choose month$/ });
    label.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Month', { selector: 'input' })).toHaveFocus();

    await user.keyboard(`{${key}}`);
    expect(screen.getByRole('button', { name: /choose month$/ })).toHaveFocus();
  });
});
