import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Trade } from '@th/contracts/trades';
import { tradeFixture } from '../../../test/trade-fixture';
import { Component } from './tradedesk-day';
import { fakeApi, profile, renderRoute, type Call } from './account-test-harness';

afterEach(() => vi.unstubAllGlobals());

beforeAll(async () => {
  // jsdom has no layout: ProseMirror measures the caret to scroll it into view on focus.
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  // Panels load their edit form lazily; loaded once here so a busy machine does not outlast
  // the queries' one-second wait.
  await import('@/features/journal/components/trade-entry-form');
}, 60_000);

const ROUTE = '/tradedesk/day/:date';
const MONDAY = '2026-01-05';
const TUESDAY = '2026-01-06';

/** Two Monday trades (09:35 and 10:10 Toronto) and one on Tuesday. */
const TRADES: Record<string, Trade[]> = {
  [MONDAY]: [
    tradeFixture({ id: 'mon-2', instrument: 'US30', entry_time: '2026-01-05T15:10:00Z', exit_time: '2026-01-05T15:30:00Z' }),
    tradeFixture({ id: 'manual-7', instrument: 'NAS100', manual: true, source: 'manual', manual_trade_id: 7 }),
  ],
  [TUESDAY]: [tradeFixture({ id: 'tue-1', instrument: 'XAUUSD', trade_date: TUESDAY, entry_time: '2026-01-06T14:35:00Z', exit_time: '2026-01-06T14:50:00Z' })],
};

const journalOf = (date: string, notes: string | null = null) => ({
  data: { date, session: null, sentiment: null, plan_summary: null, overall_notes: notes, tags: [], updated_at: null, trades: {} },
});

const historyOf = (trades: Trade[]) => ({
  data: trades,
  meta: { page: 1, per_page: 500, total_pages: 1, total: trades.length, count: trades.length, accounts: [], instruments: [], types: [], sides: [] },
});

/** The Toronto date whose day the order-history call asks for. */
const dayAsked = (call: Call) => (call.query.from ? new Date(Date.parse(call.query.from) + 12 * 3600_000).toISOString().slice(0, 10) : '');

type Routes = Parameters<typeof fakeApi>[0];

function openDay(date: string, routes: Routes = {}, search = '') {
  const api = fakeApi({
    'GET /api/me': { body: { data: profile() } },
    'GET /api/trades/day-summaries': { body: { data: [{ date: MONDAY, net: 38.6, trades: 2 }, { date: TUESDAY, net: 19.3, trades: 1 }] } },
    'GET /api/trades/order-history': (call) => ({ body: historyOf(TRADES[dayAsked(call)] ?? []) }),
    [`GET /api/journals/days/${MONDAY}`]: { body: journalOf(MONDAY, '<p>Patient open.</p>') },
    [`GET /api/journals/days/${TUESDAY}`]: { body: journalOf(TUESDAY) },
    ...routes,
  });
  renderRoute(ROUTE, Component, `/tradedesk/day/${date}${search}`);
  return api;
}

const openRow = () => screen.getByRole('row', { expanded: true });
const location = () => screen.getByTestId('location');

describe('Daily log', () => {
  it('[T84] is headed "Daily Log for" the long date, and Back to TradeDesk returns to its month', async () => {
    const user = userEvent.setup();
    openDay(MONDAY);
    expect(screen.getByRole('heading', { level: 1, name: 'Daily Log for Monday, January 5, 2026' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Back to TradeDesk' }));
    expect(location()).toHaveTextContent(/^\/tradedesk\?month=2026-01$/);
  });

  it("says near its heading whether the day kept the Risk Manager's rules, in words, from one call for the day", async () => {
    const api = openDay(MONDAY, {
      'GET /api/risk/compliance': (call) => ({
        body: { data: call.query.from === MONDAY ? [{ date: MONDAY, status: 'broken', broken_rules: ['Max daily loss', 'Max open lots'] }] : [] },
      }),
    });
    expect(await screen.findByText('Rules broken: Max daily loss, Max open lots')).toBeVisible();
    expect(api.sent('GET', '/api/risk/compliance').map((call) => call.query)).toEqual([{ from: MONDAY, to: MONDAY }]);
  });

  it('says "Rules kept" on a day under rules without a breach', async () => {
    openDay(MONDAY, { 'GET /api/risk/compliance': { body: { data: [{ date: MONDAY, status: 'kept', broken_rules: [] }] } } });
    expect(await screen.findByText('Rules kept')).toBeVisible();
  });

  it('says nothing of rules on a day without them', async () => {
    openDay(TUESDAY, { 'GET /api/risk/compliance': { body: { data: [] } } });
    expect(await screen.findByText('XAUUSD')).toBeVisible();
    expect(screen.queryByText(/^Rules (kept|broken)/)).toBeNull();
  });

  it('[T90] shows "Loading trades…" and "Loading journal…", then "No trades recorded for this day."', async () => {
    let answer!: () => void;
    const pending = new Promise<void>((resolve) => (answer = resolve));
    openDay('2026-01-10', {
      'GET /api/trades/order-history': async () => (await pending, { body: historyOf([]) }),
      'GET /api/journals/days/2026-01-10': async () => (await pending, { body: journalOf('2026-01-10') }),
    });
    expect(await screen.findByText('Loading trades…')).toBeVisible();
    expect(screen.getByText('Loading journal…')).toBeVisible();
    expect(screen.queryByText('No trades recorded for this day.')).toBeNull();
    answer();
    expect(await screen.findByText('No trades recorded for this day.')).toBeVisible();
    expect(screen.getByText('No narrative saved yet.')).toBeVisible();
    expect(screen.queryByText('Loading trades…')).toBeNull();
  });

  it("[T93] starts afresh on another date: narrative out of edit, that day's first trade open", async () => {
    const user = userEvent.setup();
    openDay(MONDAY);
    // On Monday the member closes the trade that opened by default and edits the narrative.
    await waitFor(() => expect(openRow()).toHaveTextContent('NAS100'));
    await user.click(openRow());
    expect(screen.queryByRole('row', { expanded: true })).toBeNull();
    const narrative = within((await screen.findByRole('heading', { name: 'Daily narrative' })).closest('section') as HTMLElement);
    await waitFor(() => expect(narrative.getByRole('button', { name: 'Edit' })).toBeEnabled());
    await user.click(narrative.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: 'Save narrative' })).toBeVisible();

    await user.click(await screen.findByRole('link', { name: /^Next traded day/ }));
    expect(location()).toHaveTextContent(`/tradedesk/day/${TUESDAY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily Log for Tuesday, January 6, 2026' })).toBeVisible();
    await waitFor(() => expect(openRow()).toHaveTextContent('XAUUSD'));
    expect(screen.queryByRole('button', { name: 'Save narrative' })).toBeNull();
    expect(await screen.findByText('No narrative saved yet.')).toBeVisible();
  });

  const failure = (status: number | 'network') => (status === 'network' ? ('network' as const) : { status, body: {} });
  it.each([
    ['the trades', 500, { 'GET /api/trades/order-history': failure(500) }, null, 'Failed to load trades (500)'],
    ['the trades', 'network', { 'GET /api/trades/order-history': failure('network') }, null, 'Unable to load trades for this day.'],
    ['the journal', 500, { [`GET /api/journals/days/${MONDAY}`]: failure(500) }, null, 'Failed to load journal (500)'],
    ['the journal', 'network', { [`GET /api/journals/days/${MONDAY}`]: failure('network') }, null, 'Unable to load journal details for this day.'],
    ['the narrative save', 500, { [`PUT /api/journals/days/${MONDAY}`]: failure(500) }, 'narrative', 'Failed to save narrative (500)'],
    ['the narrative save', 'network', { [`PUT /api/journals/days/${MONDAY}`]: failure('network') }, 'narrative', 'Unable to save narrative for this day.'],
    ['the trade save', 500, { [`PUT /api/journals/days/${MONDAY}/trades/manual-7`]: failure(500) }, 'trade', 'Failed to save trade (500)'],
    ['the trade save', 'network', { [`PUT /api/journals/days/${MONDAY}/trades/manual-7`]: failure('network') }, 'trade', 'Unable to save updates for this trade.'],
    ['the delete', 500, { 'DELETE /api/trades/manual/7': failure(500) }, 'delete', 'Failed to delete trade (500)'],
    ['the delete', 'network', { 'DELETE /api/trades/manual/7': failure('network') }, 'delete', 'Unable to delete this manual trade.'],
  ] as const)('[T95] says why %s failed (%s)', async (_what, _how, routes, action, message) => {
    const user = userEvent.setup();
    openDay(MONDAY, routes as Routes);
    if (action === 'narrative') {
      const narrative = within((await screen.findByRole('heading', { name: 'Daily narrative' })).closest('section') as HTMLElement);
      await waitFor(() => expect(narrative.getByRole('button', { name: 'Edit' })).toBeEnabled());
      await user.click(narrative.getByRole('button', { name: 'Edit' }));
      await user.click(narrative.getByRole('button', { name: 'Save narrative' }));
    }
    if (action === 'trade' || action === 'delete') {
      const panel = within(await screen.findByRole('region', { name: 'NAS100 trade details' }));
      if (action === 'trade') {
        await waitFor(() => expect(panel.getByRole('button', { name: 'Edit' })).toBeEnabled());
        await user.click(panel.getByRole('button', { name: 'Edit' }));
        await user.click(await panel.findByRole('button', { name: 'Save changes' }));
      } else {
        await user.click(panel.getByRole('button', { name: 'Delete trade' }));
        await user.click(within(await screen.findByRole('dialog', { name: 'Delete manual trade' })).getByRole('button', { name: 'Delete' }));
      }
    }
    // The app retries a network or 5xx failure of a load twice (about 3 s) before it says so.
    // A journal failure shows on the page and in the open trade's panel alike.
    const [shown] = await screen.findAllByText(message, {}, { timeout: 10_000 });
    expect(shown).toBeVisible();
  });
});
