import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketEvent } from '@th/contracts';
import { MarketEventsPage } from './market-events-page';

const event = (over: Partial<MarketEvent> & Pick<MarketEvent, 'title' | 'datetime'>): MarketEvent => ({
  id: over.title,
  currency: 'USD',
  country: 'United States',
  date: over.datetime.slice(0, 10),
  time: '08:30',
  timestamp: Date.parse(over.datetime) / 1000,
  timezone: 'America/Toronto',
  impact: 'High',
  forecast: null,
  actual: null,
  previous: null,
  notes: null,
  ...over,
});

const EVENTS: MarketEvent[] = [
  event({ title: 'Non-Farm Employment Change', datetime: '2025-03-07T13:30:00.000Z', forecast: '159K', actual: '151K', previous: '143K' }),
  event({ title: 'Unemployment Rate', datetime: '2025-03-07T13:30:00.000Z', forecast: '4.0%', actual: '4.0%', previous: '4.0%' }),
  event({ title: 'Employment Change', currency: 'CAD', country: 'Canada', datetime: '2025-03-07T13:30:00.000Z', forecast: '20.0K', previous: '76.0K' }),
  event({ title: 'ISM Services PMI', datetime: '2025-03-05T15:00:00.000Z', forecast: '52.6', actual: '53.5', previous: '52.8' }),
  event({ title: 'Final Services PMI', currency: 'GBP', country: 'United Kingdom', impact: 'Low', datetime: '2025-03-05T09:30:00.000Z' }),
  // 23:30 UTC on Wednesday is Thursday morning in Tokyo.
  event({ title: 'Household Spending y/y', currency: 'JPY', country: 'Japan', impact: 'Medium', datetime: '2025-03-05T23:30:00.000Z' }),
];

function renderPage(zone = 'America/Toronto', body: unknown = { data: EVENTS }, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MarketEventsPage zone={zone} />
    </QueryClientProvider>,
  );
}

const dayHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

beforeEach(() => vi.useFakeTimers({ now: new Date('2025-03-06T12:00:00Z'), toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MarketEventsPage', () => {
  it('groups the week by day in the member zone, with counts, the eight columns and the surprise', async () => {
    renderPage();
    expect(screen.getByText('Loading market events…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /Wednesday, March 5/ })).toBeInTheDocument();
    expect(dayHeadings()).toEqual(['Wednesday, March 5 3 events', 'Friday, March 7 3 events']);
    const friday = screen.getByRole('region', { name: /^Friday, March 7/ });
    const table = within(friday).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Time', 'Event', 'Currency', 'Impact', 'Forecast', 'Actual', 'Previous', 'Stats',
    ]);
    const nfp = within(table).getByRole('row', { name: /Non-Farm/ });
    expect(nfp).toHaveTextContent('8:30 AMNon-Farm Employment ChangeUSDHigh159K151K143K-8K below');
    expect(within(table).getByRole('row', { name: /Unemployment Rate/ })).toHaveTextContent('In line');
    // CAD employment is not released yet at the page's clock, so it waits for its actual.
    expect(within(table).getByRole('row', { name: /^8:30 AM Employment Change/ })).toHaveTextContent('CADHigh20.0K—76.0KPending');
  });

  it('moves events to the day they fall on in another zone', async () => {
    renderPage('Asia/Tokyo');
    expect(await screen.findByRole('heading', { name: /Thursday, March 6 2 events$/ })).toBeInTheDocument();
    const thursday = screen.getByRole('region', { name: /^Thursday, March 6/ });
    expect(within(thursday).getByRole('row', { name: /ISM Services/ })).toHaveTextContent('12:00 AM');
    expect(within(thursday).getByRole('row', { name: /Household Spending/ })).toHaveTextContent('8:30 AM');
  });

  it('filters by impact, country and case-insensitive search only on Apply, and resets', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: /Wednesday, March 5/ });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Impact'), 'HIGH');
    expect(apply).toBeEnabled();
    expect(dayHeadings()).toHaveLength(2); // not applied yet
    await user.click(apply);
    expect(dayHeadings()).toEqual(['Wednesday, March 5 1 event', 'Friday, March 7 3 events']);
    expect(apply).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Country'), 'CAD');
    await user.click(apply);
    expect(dayHeadings()).toEqual(['Friday, March 7 1 event']);

    await user.selectOptions(screen.getByLabelText('Country'), 'ALL');
    await user.type(screen.getByLabelText('Search'), 'united KINGDOM');
    await user.selectOptions(screen.getByLabelText('Impact'), 'ALL');
    await user.click(apply);
    expect(dayHeadings()).toEqual(['Wednesday, March 5 1 event']);

    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'nothing like this');
    await user.click(apply);
    expect(screen.getByText('No market events found.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(dayHeadings()).toHaveLength(2);
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('[T118] shows the spec message when loading fails', async () => {
    renderPage('America/Toronto', { message: 'Forbidden' }, 503);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load market events (503)');
  });

  it('[T118] reads an object of events and shows an empty week', async () => {
    renderPage('America/Toronto', { data: {} });
    expect(await screen.findByText('No market events found.')).toBeInTheDocument();
  });
});
