import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tradeFixture } from '../../../../test/trade-fixture';
import { LatestTrades } from './latest-trades';

const trade = tradeFixture({ id: '41', position_id: 'P41' });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      json({
        data: { date: '2026-01-05', session: null, sentiment: null, plan_summary: null, overall_notes: null, tags: [], updated_at: null, trades: {} },
      }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderLatest() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LatestTrades trades={[trade]} loading={false} error={null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Latest trades detail panel, by keyboard', () => {
  it('keeps focus where the member is: Edit → first field, Cancel → Edit, Close → the row', async () => {
    const user = userEvent.setup();
    renderLatest();
    const row = screen.getByRole('row', { name: /NAS100/ });
    row.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('region', { name: 'NAS100 trade details' });
    const edit = await within(panel).findByRole('button', { name: 'Edit' });
    await vi.waitFor(() => expect(edit).toBeEnabled());

    edit.focus();
    await user.keyboard('{Enter}');
    expect(await within(panel).findByLabelText('Outcome')).toHaveFocus();

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

describe('Latest trades outcome column', () => {
  const entry = (outcome: string) => ({
    trade_id: '41',
    date: '2026-01-05',
    outcome,
    notes: null,
    context: { session: 'New York', marketCondition: null, news: null },
    emotions: { before: null, during: null, after: null },
    checklist: { planAligned: false, riskManaged: false, scalingRules: false },
    labels: [],
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

  it("shows the member's own outcome from the journal, and the new one after a save in the panel", async () => {
    let saved: string | null = 'Textbook ORB retest';
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
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
