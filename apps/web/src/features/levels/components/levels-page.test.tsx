import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InstrumentLevel } from '@th/contracts';
import { LevelsPage } from './levels-page';

const level = (over: Partial<InstrumentLevel>): InstrumentLevel => ({
  id: Math.random().toString(36),
  instrument: 'NAS100',
  session: 'London',
  trade_date: '2026-01-07',
  actual_date_label: 'Wed, Jan 7',
  high: 21412.5,
  low: 21380.25,
  high_at: '2026-01-07T07:14:00Z',
  low_at: '2026-01-07T06:02:00Z',
  ...over,
});

function serve(answer: (url: URL) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input), 'http://app.test')));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LevelsPage />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('LevelsPage', () => {
  it('shows one card per instrument with the session highs and lows and their Toronto times', async () => {
    serve(() =>
      json({
        data: [
          level({ instrument: 'XAUUSD', session: 'New York', high: 2661.45, low: 2650.1, high_at: '2026-01-07T15:02:00Z' }),
          level({ session: 'Asian Range', actual_date_label: 'Tue, Jan 6', high_at: '2026-01-07T00:05:00Z', low_at: '2026-01-07T05:30:00Z' }),
          level({}),
        ],
      }),
    );
    renderPage();
    const nas = await screen.findByRole('region', { name: /^NAS100/ });
    expect(within(nas).getByText('🇺🇸')).toBeInTheDocument();
    const rows = within(nas).getAllByRole('row').map((row) => row.textContent);
    expect(rows[0]).toBe('SessionHighLow');
    expect(rows[1]).toBe('Wednesday, January 7, 2026');
    // The Asian Range high was made the evening before, at 19:05 Toronto time.
    expect(rows[2]).toBe('Asian Range21,412.5019:05 (Tue)21,380.2500:30');
    expect(rows[3]).toBe('London21,412.5002:1421,380.2501:02');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '🇺🇸 NAS100Nasdaq 100',
      '🥇 XAUUSDGold',
    ]);
  });

  it('applies a changed date only, raises dates before 2025-09-26 and resets to the latest days', async () => {
    const fetch = serve((url) => json({ data: url.searchParams.get('date') ? [] : [level({})] }));
    renderPage();
    await screen.findByRole('region', { name: /^NAS100/ });
    expect(fetch.mock.calls[0]![0]).toContain('/api/instrument-levels?limit=6');
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();

    const date = screen.getByLabelText('Date');
    await userEvent.type(date, '2025-01-15');
    await userEvent.tab();
    expect(date).toHaveValue('2025-09-26');
    await userEvent.click(apply);
    expect(await screen.findByText('No levels found for the selected filters.')).toBeInTheDocument();
    expect(screen.getByText(/Markets may have been closed on Friday, September 26, 2025 \(a holiday\)/)).toBeInTheDocument();
    expect(fetch.mock.calls.at(-1)![0]).toContain('date=2025-09-26');

    await userEvent.clear(date);
    await userEvent.type(date, '2025-09-27');
    await userEvent.click(apply);
    expect(await screen.findByText('Saturday, September 27, 2025 is a weekend: markets are closed, so there are no session levels. Choose a weekday.')).toBeInTheDocument();
    expect(apply).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByRole('region', { name: /^NAS100/ })).toBeInTheDocument();
    expect(date).toHaveValue('');
  });

  it('[T113] shows the spec messages when loading fails', async () => {
    serve(() => json({ message: 'Server Error' }, 500));
    const { unmount } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load levels (500)');
    unmount();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to retrieve instrument levels.');
  });

  it('puts a date the server refuses (422) under the Date field', async () => {
    const message = 'Choose a date between 2020 and 2030.';
    serve((url) => (url.searchParams.get('date') ? json({ message, errors: { date: [message] } }, 422) : json({ data: [level({})] })));
    renderPage();
    await screen.findByRole('region', { name: /^NAS100/ });
    const date = screen.getByLabelText('Date');
    await userEvent.type(date, '2026-01-06');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(date).toHaveAccessibleDescription(`Leave empty for the latest trading days. Times are Toronto time. ${message}`);
  });
});
