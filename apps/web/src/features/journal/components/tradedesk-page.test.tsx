import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monthKeyOf } from '@th/domain';
import { TradeDeskPage } from './tradedesk-page';
import { renderWithClient } from '../../../../test/render';

// One trade on the 15th of the month TradeDesk opens on.
const oneTradingDay = [{ date: `${monthKeyOf(new Date())}-15`, net: 12.5, trades: 1 }];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers the day summaries with one trading day and the order history with `history`. */
function serveHistory(history: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url.includes('/day-summaries') ? json({ data: oneTradingDay }) : history())),
  );
}

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
  return renderWithClient(<TradeDeskPage />);
}

describe('TradeDesk hero and controls', () => {
  it('[T69] [T71] is titled "TradeDesk Journal" and offers the account filter, Sync and + Trade', async () => {
    serveHistory(() =>
      json({
        data: [],
        meta: { page: 1, per_page: 400, total_pages: 1, total: 0, count: 0, accounts: [{ id: 'acc-1', label: 'Apex Live' }, { id: 'acc-2', label: 'FTMO demo' }], instruments: [], types: [], sides: [] },
      }),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'TradeDesk Journal' })).toBeVisible();
    const account = screen.getByLabelText('Account') as HTMLSelectElement;
    await waitFor(() => expect([...account.options].map((o) => o.textContent)).toEqual(['All accounts', 'Apex Live', 'FTMO demo']));
    expect(account).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Sync' })).toBeEnabled();
    expect(screen.getByRole('button', { name: '+ Trade' })).toBeEnabled();
  });

  it.each([
    ['a status', () => json({}, 500), 'Failed to load order history (500)'],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch')), 'Unable to load trades.'],
  ] as const)('[T83] says why the latest trades could not be loaded on %s', async (_case, history, message) => {
    serveHistory(history);
    renderPage();
    const latest = screen.getByRole('heading', { name: 'Latest trades' }).closest('section') as HTMLElement;
    expect(await within(latest).findByText(message)).toBeVisible();
  });
});

describe('TradeDesk month chips', () => {
  it('count one day and one trade in the singular', async () => {
    renderPage();
    const chips = screen.getByRole('list', { name: /totals$/ });
    expect(await within(chips).findByText('1 day')).toBeInTheDocument();
    expect(within(chips).getByText('1 trade')).toBeInTheDocument();
  });

  it('say the month is loading, not "0 trades", until its days arrive', async () => {
    let answer!: (response: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url.includes('/day-summaries')
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(json({ data: [], meta: { page: 1, per_page: 400, total_pages: 1, total: 0, count: 0, accounts: [], instruments: [], types: [], sides: [] } })),
      ),
    );
    renderPage();
    const chips = screen.getByRole('list', { name: /totals$/ });
    expect(within(chips).getByText(/^Loading .+…$/)).toBeInTheDocument();
    expect(within(chips).queryByText('0 trades')).not.toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer(json({ data: oneTradingDay }));
    expect(await within(chips).findByText('1 trade')).toBeInTheDocument();
  });
});

describe('TradeDesk rules compliance', () => {
  it("asks once for the month grid's days and names the day that broke the Risk Manager's rules", async () => {
    const day = oneTradingDay[0]!.date;
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('/api/risk/compliance')
        ? json({ data: [{ date: day, status: 'broken', broken_rules: ['Max daily loss'] }] })
        : url.includes('/day-summaries')
          ? json({ data: oneTradingDay })
          : json({ data: [], meta: { page: 1, per_page: 400, total_pages: 1, total: 0, count: 0, accounts: [], instruments: [], types: [], sides: [] } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    expect(await screen.findByRole('gridcell', { name: `${day}: Rules broken: Max daily loss; +$12.50, 1 trade` })).toBeVisible();
    expect(screen.getByText(/Rules broken \(Risk Manager\)/)).toBeVisible();
    const asked = fetchMock.mock.calls.map(([url]) => url).filter((url) => url.includes('/api/risk/compliance'));
    const cells = screen.getAllByRole('gridcell').map((cell) => cell.getAttribute('data-date')).filter(Boolean);
    expect(asked).toEqual([expect.stringContaining(`from=${cells[0]}&to=${cells.at(-1)}`)]);
  });
  it("follows the account filter: the chosen account's days, not all accounts'", async () => {
    const user = userEvent.setup();
    const day = oneTradingDay[0]!.date;
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('/api/risk/compliance')
        ? json({ data: [url.includes('account_id=acc-2') ? { date: day, status: 'kept', broken_rules: [] } : { date: day, status: 'broken', broken_rules: ['Max daily loss'] }] })
        : url.includes('/day-summaries')
          ? json({ data: oneTradingDay })
          : json({
              data: [],
              meta: { page: 1, per_page: 400, total_pages: 1, total: 0, count: 0, accounts: [{ id: 'acc-1', label: 'Apex Live' }, { id: 'acc-2', label: 'FTMO demo' }], instruments: [], types: [], sides: [] },
            }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    expect(await screen.findByRole('gridcell', { name: `${day}: Rules broken: Max daily loss; +$12.50, 1 trade` })).toBeVisible();
    const account = screen.getByLabelText('Account');
    await waitFor(() => expect(within(account).getByRole('option', { name: 'FTMO demo' })).toBeInTheDocument());
    await user.selectOptions(account, 'acc-2');
    expect(await screen.findByRole('gridcell', { name: `${day}: Rules kept; +$12.50, 1 trade` })).toBeVisible();
    const asked = fetchMock.mock.calls.map(([url]) => url).filter((url) => url.includes('/api/risk/compliance'));
    expect(asked.at(-1)).toContain('account_id=acc-2');
    expect(asked[0]).not.toContain('account_id');
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
