import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { monthKeyOf } from '@th/domain';
import { TradeDeskPage } from './tradedesk-page';
import { renderWithClient } from '../../../../test/render';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const day = `${monthKeyOf(new Date())}-15`;
const trade = { id: '7', position_id: 'P7', trade_date: day, exit_time: `${day}T15:00:00Z`, entry_time: `${day}T14:00:00Z` };

/** Frames and idle periods run only when the test says the page has been painted. */
const frames: Array<() => void> = [];
const fetched = () => vi.mocked(fetch).mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);

beforeEach(() => {
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => frames.push(callback));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/day-summaries')
        ? json({ data: [{ date: day, net: 12.5, trades: 1 }] })
        : url.includes('/order-history')
          ? json({
              data: [trade],
              meta: { page: 1, per_page: 400, total_pages: 1, total: 1, count: 1, accounts: [], instruments: [], types: [], sides: [] },
            })
          : json({ data: [] }),
    ),
  );
});
afterEach(() => {
  frames.length = 0;
  vi.unstubAllGlobals();
});

it("asks for the rule marks, the filters' choices and the outcomes only once the month's figures are painted, then shows the notices", async () => {
  renderWithClient(<TradeDeskPage notices={<p>Locked notice</p>} />);
  expect(await within(screen.getByRole('list', { name: /totals$/ })).findByText('1 trade')).toBeInTheDocument();
  // The latest trades are listed too: the outcome column's call would follow them.
  await waitFor(() => expect(document.querySelector('tr[data-trade-id="7"]')).not.toBeNull());
  const secondary = ['/api/risk/compliance', '/api/playbooks', '/api/journals/tags', `/api/journals/days/${day}`];
  expect(fetched().filter((path) => secondary.includes(path))).toEqual([]);
  expect(screen.queryByText('Locked notice')).toBeNull();

  // The frame showing the figures, then the idle period after it.
  await act(async () => {
    while (frames.length) frames.shift()!();
  });
  await act(async () => {
    while (frames.length) frames.shift()!();
  });
  await waitFor(() => expect(new Set(fetched().filter((path) => secondary.includes(path)))).toEqual(new Set(secondary)));
  expect(screen.getByText('Locked notice')).toBeInTheDocument();
});
