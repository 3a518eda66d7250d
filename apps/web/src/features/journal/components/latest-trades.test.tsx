import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Trade } from '@th/contracts/trades';
import { tradeFixture } from '../../../../test/trade-fixture';
import { LatestTrades } from './latest-trades';
import { renderWithClient } from '../../../../test/render';

const trade = tradeFixture({ id: '41', position_id: 'P41' });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * The panel's other calls: these tests are about the journal, so the trade chart hears of no such
 * trade and the day has no screenshots.
 */
const sideCall = (input: RequestInfo | URL) =>
  String(input).includes('/chart')
    ? new Response(JSON.stringify({ message: 'Trade not found.' }), { status: 404, headers: { 'content-type': 'application/json' } })
    : String(input).includes('/screenshots')
      ? json({ data: [] })
      : null;

// The panel loads its edit form lazily; on a loaded machine the first import outlasts the
// queries' one-second wait, so the module is loaded once before the tests open a panel.
beforeAll(async () => {
  await import('./trade-entry-form');
}, 60_000);

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      sideCall(input) ?? json({
        data: { date: '2026-01-05', session: null, sentiment: null, plan_summary: null, overall_notes: null, tags: [], updated_at: null, trades: {} },
      }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderLatest(shown: Trade = trade) {
  return renderWithClient(<LatestTrades trades={[shown]} loading={false} error={null} outcomes />);
}

describe('Latest trades detail panel, by keyboard', () => {
  it('keeps focus where the member is: Edit → first field, Cancel → Edit, Close → the row', async () => {
    const user = userEvent.setup();
    renderLatest();
    const row = screen.getByRole('row', { name: /NAS100/ });
    row.focus();
    await user.keyboard('{Enter}');
    // The panel and its form load on first use (lazy modules): slow on a busy machine.
    const panel = await screen.findByRole('region', { name: 'NAS100 trade details' }, { timeout: 8000 });
    const edit = await within(panel).findByRole('button', { name: 'Edit' });
    await vi.waitFor(() => expect(edit).toBeEnabled());

    edit.focus();
    await user.keyboard('{Enter}');
    expect(await within(panel).findByLabelText('Outcome', {}, { timeout: 8000 })).toHaveFocus();

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

const entry = (outcome: string) => ({
  trade_id: '41',
  date: '2026-01-05',
  outcome,
  notes: null,
  context: { session: 'New York', marketCondition: 'Trend day', news: 'CPI' },
  emotions: { before: 'Calm', during: null, after: null },
  checklist: { planAligned: false, riskManaged: false, scalingRules: false },
  labels: [],
  playbook_id: null,
  rules_followed: [],
  updated_at: '2026-01-05T20:00:00Z',
});
const day = (outcome: string | null) => ({
  data: {
    date: '2026-01-05',
    session: null,
    sentiment: null,
    plan_summary: null,
    overall_notes: null,
    tags: [],
    updated_at: null,
    trades: outcome ? { '41': entry(outcome) } : {},
  },
});

type Reply = { status: number; body: unknown } | 'network' | Promise<{ status: number; body: unknown }>;

/** The journal calls of a panel: each method answers through its handler. */
function serveJournal(answer: { GET?: () => Reply; PUT?: (body: Record<string, unknown>) => Reply; DELETE?: () => Reply }) {
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const chart = sideCall(input);
    if (chart) return chart;
    const method = (init.method ?? 'GET') as 'GET' | 'PUT' | 'DELETE';
    const handler = answer[method] ?? (() => ({ status: 200, body: day(null) }));
    const reply = await handler(init.body ? JSON.parse(String(init.body)) : {});
    if (reply === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Opens the trade's panel on TradeDesk. */
async function openPanel(user: ReturnType<typeof userEvent.setup>, shown: Trade = trade) {
  renderLatest(shown);
  await user.click(screen.getByRole('row', { name: /NAS100/ }));
  return within(await screen.findByRole('region', { name: 'NAS100 trade details' }));
}

describe('Latest trades outcome column', () => {
  it("shows the member's own outcome from the journal, and the new one after a save in the panel", async () => {
    let saved: string | null = 'Textbook ORB retest';
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const chart = sideCall(input);
      if (chart) return chart;
      if (init?.method === 'PUT') saved = (JSON.parse(String(init.body)) as { outcome: string }).outcome;
      return json(day(saved));
    });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderLatest();
    const row = screen.getByRole('row', { name: /NAS100/ });
    // Net +19.30 would read "Win" by the daily-log rule; the journal says otherwise.
    expect(await within(row).findByText('Textbook ORB retest')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/journals/days/2026-01-05']);

    await user.click(row);
    const panel = await screen.findByRole('region', { name: 'NAS100 trade details' });
    await user.click(await within(panel).findByRole('button', { name: 'Edit' }));
    const outcome = await within(panel).findByLabelText('Outcome');
    await user.clear(outcome);
    await user.type(outcome, 'Early exit');
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect(await within(row).findByText('Early exit')).toBeInTheDocument();
  });
});

describe('Latest trades detail row: edit, save and failures (TradeDesk)', () => {
  it('[T103] Cancel discards the draft, a failed save keeps editing with the error, a save in progress cannot be left', async () => {
    let release!: () => void;
    const puts: Array<Record<string, unknown>> = [];
    serveJournal({
      PUT: (body) => {
        puts.push(body);
        if (puts.length === 1) return { status: 500, body: {} };
        return new Promise((resolve) => (release = () => resolve({ status: 200, body: day(String(body.outcome)) })));
      },
    });
    const user = userEvent.setup();
    const panel = await openPanel(user);

    await user.click(await panel.findByRole('button', { name: 'Edit' }));
    await user.type(await panel.findByLabelText('Outcome'), 'Draft to drop');
    await user.click(panel.getByRole('button', { name: 'Cancel' }));
    await user.click(await panel.findByRole('button', { name: 'Edit' }));
    expect(await panel.findByLabelText('Outcome')).toHaveValue('');

    await user.type(panel.getByLabelText('Outcome'), 'Early exit');
    await user.click(panel.getByRole('button', { name: 'Save changes' }));
    expect(await panel.findByText('Failed to save trade (500)')).toBeVisible();
    expect(panel.getByLabelText('Outcome')).toHaveValue('Early exit');

    await user.click(panel.getByRole('button', { name: 'Save changes' }));
    expect(await panel.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    await user.click(panel.getByRole('button', { name: 'Cancel' }));
    expect(panel.getByLabelText('Outcome')).toHaveValue('Early exit');
    release();
    // Saved: back to the read view, with the day's refreshed journal.
    expect(await panel.findByRole('button', { name: 'Edit' })).toBeVisible();
    expect(panel.queryByLabelText('Outcome')).toBeNull();
    expect(within(screen.getByRole('row', { name: /NAS100/, expanded: true })).getByText('Early exit')).toBeInTheDocument();
  });

  it('[T100] sends the emptied journal fields as null', async () => {
    const puts: Array<Record<string, unknown>> = [];
    serveJournal({
      GET: () => ({ status: 200, body: day('Textbook ORB retest') }),
      PUT: (body) => {
        puts.push(body);
        return { status: 200, body: day(null) };
      },
    });
    const user = userEvent.setup();
    const panel = await openPanel(user);
    await user.click(await panel.findByRole('button', { name: 'Edit' }));
    for (const label of ['Outcome', 'Market condition', 'News catalyst']) await user.clear(await panel.findByLabelText(label));
    await user.selectOptions(panel.getByLabelText('Emotion before'), '');
    await user.click(panel.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      outcome: null,
      notes: null,
      context: { session: 'New York', marketCondition: null, news: null },
      emotions: { before: null, during: null, after: null },
    });
  });

  it('[T102] will not save a trade without a date, nor delete a manual trade without its number', async () => {
    const fetch = serveJournal({});
    const user = userEvent.setup();
    const undated = tradeFixture({ id: 'manual-x', manual: true, source: 'manual', manual_trade_id: null, trade_date: null, entry_time: null, exit_time: null });
    const panel = await openPanel(user, undated);
    await user.click(await panel.findByRole('button', { name: 'Edit' }));
    await user.click(await panel.findByRole('button', { name: 'Save changes' }));
    expect(await panel.findByText('Unable to determine trade date.')).toBeVisible();

    await user.click(panel.getByRole('button', { name: 'Cancel' }));
    await user.click(await panel.findByRole('button', { name: 'Delete trade' }));
    expect(await panel.findByText('Unable to determine manual trade identifier.')).toBeVisible();
    expect(fetch.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET')).toHaveLength(0);
  });

  const manual = tradeFixture({ id: 'manual-41', manual: true, source: 'manual', manual_trade_id: 41 });
  const failing = (method: 'GET' | 'PUT' | 'DELETE', reply: Reply) => ({ [method]: () => reply });
  it.each([
    ['journal load', 'a status', failing('GET', { status: 500, body: {} }), null, 'Failed to load journal (500)'],
    ['journal load', 'no answer', failing('GET', 'network'), null, 'Unable to load journal entry.'],
    ['save', 'a status', failing('PUT', { status: 503, body: {} }), 'Save changes', 'Failed to save trade (503)'],
    ['save', 'no answer', failing('PUT', 'network'), 'Save changes', 'Unable to save updates for this trade.'],
    ['delete', 'a status', failing('DELETE', { status: 500, body: {} }), 'Delete trade', 'Failed to delete trade (500)'],
    ['delete', 'no answer', failing('DELETE', 'network'), 'Delete trade', 'Unable to delete this manual trade.'],
  ])('[T83] says why the %s failed on %s', async (_what, _how, answer, action, message) => {
    serveJournal(answer);
    const user = userEvent.setup();
    const panel = await openPanel(user, manual);
    if (action === 'Save changes') await user.click(await panel.findByRole('button', { name: 'Edit' }));
    if (action) await user.click(await panel.findByRole('button', { name: action }));
    if (action === 'Delete trade') await user.click(within(await screen.findByRole('dialog', { name: 'Delete manual trade' })).getByRole('button', { name: 'Delete' }));
    expect(await panel.findByText(message)).toBeVisible();
  });
});
