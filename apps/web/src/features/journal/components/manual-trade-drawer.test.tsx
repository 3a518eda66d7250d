import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Settings } from 'luxon';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tradeFixture } from '../../../../test/trade-fixture';
import { ManualTradeDrawer } from './manual-trade-drawer';

/** The page's "+ Trade" button and the drawer it opens, as TradeDesk and the daily log use them. */
function Harness({ day = '2026-01-05' }: { day?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        + Trade
      </button>
      <ManualTradeDrawer open={open} onOpenChange={setOpen} day={day} />
    </>
  );
}

function renderHarness(day?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness day={day} />
    </QueryClientProvider>,
  );
}

/** Captures the manual trade the drawer posts and answers it as created. */
function captureCreate() {
  const sent: Array<Record<string, unknown>> = [];
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init: RequestInit = {}) => {
      if (init.body) sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ data: tradeFixture() }), { status: 201, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => {
  Settings.defaultZone = 'system';
  vi.unstubAllGlobals();
});

describe('ManualTradeDrawer', () => {
  it.each([
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['Cancel', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['the close X', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' }))],
  ])('[T59] gives focus back to "+ Trade" when closed with %s', async (_how, close) => {
    const user = userEvent.setup();
    renderHarness();
    const plus = screen.getByRole('button', { name: '+ Trade' });
    plus.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Create manual trade' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await close(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(plus).toHaveFocus();
  });

  it.each(['Asia/Singapore', 'Europe/London', 'Pacific/Auckland', 'America/Toronto'])(
    '[T67] reads the default 09:30–10:00 and typed times in Toronto time on a device in %s',
    async (deviceZone) => {
      Settings.defaultZone = deviceZone;
      const sent = captureCreate();
      const user = userEvent.setup();
      // 10 November 2026 is standard time in Toronto (UTC−5); 1 November is the DST change day.
      renderHarness('2026-11-10');
      await user.click(screen.getByRole('button', { name: '+ Trade' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create manual trade' });
      expect(dialog).toHaveTextContent('Times are Toronto time (America/Toronto)');
      await user.type(screen.getByLabelText(/Instrument/), 'ES');
      await user.type(screen.getByLabelText(/Net P\/L/), '25');
      await user.click(screen.getByRole('button', { name: /Create trade|Create|Save/ }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toMatchObject({ entry_time: '2026-11-10T14:30:00.000Z', exit_time: '2026-11-10T15:00:00.000Z' });
    },
  );

  it('[T61] [T63] refuses an empty entry time, then sends blank optional fields as null', async () => {
    const sent = captureCreate();
    const user = userEvent.setup();
    renderHarness('2026-11-10');
    await user.click(screen.getByRole('button', { name: '+ Trade' }));
    await screen.findByRole('dialog', { name: 'Create manual trade' });
    await user.type(screen.getByLabelText(/Instrument/), 'ES');
    await user.type(screen.getByLabelText(/Net P\/L/), '25');
    await user.clear(screen.getByLabelText('Entry time'));
    await user.click(screen.getByRole('button', { name: 'Create trade' }));
    expect(await screen.findByText('Entry time is required.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Entry time'), '2026-11-10T09:45');
    await user.click(screen.getByRole('button', { name: 'Create trade' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ side: 'BUY', net_pnl: '25', entry_price: null, exit_price: null, stop_loss: null, take_profit: null });
  });

  it('[T66] puts a server 422 on its field and joins the messages in the alert', async () => {
    const message = 'Net P/L is too large.';
    document.cookie = 'XSRF-TOKEN=test-xsrf';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'The given data was invalid.', errors: { net_pnl: [message] } }), { status: 422, headers: { 'content-type': 'application/json' } })),
    );
    const user = userEvent.setup();
    renderHarness('2026-11-10');
    await user.click(screen.getByRole('button', { name: '+ Trade' }));
    await screen.findByRole('dialog', { name: 'Create manual trade' });
    await user.type(screen.getByLabelText(/Instrument/), 'ES');
    await user.type(screen.getByLabelText(/Net P\/L/), '25');
    await user.click(screen.getByRole('button', { name: 'Create trade' }));
    await waitFor(() => expect(screen.getByLabelText(/Net P\/L/)).toHaveAccessibleDescription(message));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });
});
