import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TradeDeskPage } from './tradedesk-page';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/day-summaries')
        ? json({ data: [] })
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
