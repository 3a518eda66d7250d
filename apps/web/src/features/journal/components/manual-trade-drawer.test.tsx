import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Settings } from 'luxon';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tradeFixture } from '../../../../test/trade-fixture';
import { ManualTradeDrawer } from './manual-trade-drawer';

/** The page's "+ Trade" button and the drawer it opens, as TradeDesk and the daily log use them. */
function Harness({ day, importedTypes }: { day?: string; importedTypes?: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        + Trade
      </button>
      <ManualTradeDrawer open={open} onOpenChange={setOpen} day={day} importedTypes={importedTypes} />
    </>
  );
}

/** `day` null: opened from TradeDesk, without a day. */
function renderHarness(day: string | null = '2026-01-05', importedTypes: string[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness day={day ?? undefined} importedTypes={importedTypes} />
    </QueryClientProvider>,
  );
}

/** Opens the drawer with "+ Trade". */
async function openDrawer(user: ReturnType<typeof userEvent.setup>, day?: string | null, importedTypes?: string[]) {
  renderHarness(day, importedTypes);
  await user.click(screen.getByRole('button', { name: '+ Trade' }));
  return screen.findByRole('dialog', { name: 'Create manual trade' });
}

/** Types the two fields a new trade needs: an ES trade of 25 net. */
async function typeEsTrade(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Instrument/), 'ES');
  await user.type(screen.getByLabelText(/Net P\/L/), '25');
}

/** Captures the manual trade the drawer posts and answers it as created, or with `reply`. */
function captureCreate(reply: { status: number; body: unknown } = { status: 201, body: { data: tradeFixture() } }) {
  const sent: Array<Record<string, unknown>> = [];
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init: RequestInit = {}) => {
      if (init.body) sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.useRealTimers();
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

  it('says in a status region that the trade was created once the drawer has closed', async () => {
    captureCreate({ status: 201, body: { data: tradeFixture({ instrument: 'ES' }) } });
    const user = userEvent.setup();
    await openDrawer(user);
    await typeEsTrade(user);
    await user.click(screen.getByRole('button', { name: 'Create trade' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Manual trade ES created.');
  });

  it.each(['Asia/Singapore', 'Europe/London', 'Pacific/Auckland', 'America/Toronto'])(
    '[T67] reads the default 09:30–10:00 and typed times in Toronto time on a device in %s',
    async (deviceZone) => {
      Settings.defaultZone = deviceZone;
      const sent = captureCreate();
      const user = userEvent.setup();
      // 10 November 2026 is standard time in Toronto (UTC−5); 1 November is the DST change day.
      const dialog = await openDrawer(user, '2026-11-10');
      expect(dialog).toHaveTextContent('Times are Toronto time (America/Toronto)');
      await typeEsTrade(user);
      await user.click(screen.getByRole('button', { name: /Create trade|Create|Save/ }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toMatchObject({ entry_time: '2026-11-10T14:30:00.000Z', exit_time: '2026-11-10T15:00:00.000Z' });
    },
  );

  it('[T61] [T63] refuses an empty entry time, then sends blank optional fields as null', async () => {
    const sent = captureCreate();
    const user = userEvent.setup();
    await openDrawer(user, '2026-11-10');
    await typeEsTrade(user);
    await user.clear(screen.getByLabelText('Entry time'));
    await user.click(screen.getByRole('button', { name: 'Create trade' }));
    expect(await screen.findByText('Entry time is required.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Entry time'), '2026-11-10T09:45');
    await user.click(screen.getByRole('button', { name: 'Create trade' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ side: 'BUY', net_pnl: '25', entry_price: null, exit_price: null, stop_loss: null, take_profit: null });
  });

  it('[T57] [T58] is titled "Create manual trade" and asks for the spec fields', async () => {
    const user = userEvent.setup();
    const dialog = within(await openDrawer(user));
    expect(dialog.getByText('Log trades that were not imported from a linked account.')).toBeVisible();
    const labels = [...screen.getByRole('dialog').querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual([
      'Instrument', 'Side', 'Type', 'Quantity', 'Entry time', 'Exit time', 'Entry price', 'Exit price', 'Stop loss', 'Take profit',
      'Net P/L', 'Gross P/L', 'Fees', 'Swap', 'Account label', 'Account identifier (optional)', 'Notes',
    ]);
    expect(dialog.getByLabelText('Instrument')).toHaveAttribute('placeholder', 'e.g. NAS100');
    expect(dialog.getByLabelText('Instrument')).toBeRequired();
    expect(dialog.getByLabelText('Entry time')).toBeRequired();
    expect(dialog.getByLabelText('Net P/L')).toBeRequired();
    expect(dialog.getByLabelText('Quantity')).toHaveAccessibleDescription('Number of lots or contracts you entered for this trade.');
    expect([...(dialog.getByLabelText('Side') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Buy', 'Sell']);
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Create trade' })).toBeVisible();
  });

  it('[T60] enables Create trade only once the instrument (trimmed) and the net P/L are filled', async () => {
    const user = userEvent.setup();
    const dialog = within(await openDrawer(user));
    const create = dialog.getByRole('button', { name: 'Create trade' });
    expect(create).toBeDisabled();
    await user.type(dialog.getByLabelText('Instrument'), '   ');
    await user.type(dialog.getByLabelText('Net P/L'), '-12.5');
    expect(create).toBeDisabled();
    await user.type(dialog.getByLabelText('Instrument'), 'ES');
    expect(create).toBeEnabled();
    await user.clear(dialog.getByLabelText('Net P/L'));
    expect(create).toBeDisabled();
  });

  it('[T62] steps quantity and prices by 0.000001 and money by 0.01, quantity from 0', async () => {
    const user = userEvent.setup();
    const dialog = within(await openDrawer(user));
    expect(dialog.getByLabelText('Quantity')).toHaveAttribute('min', '0');
    for (const label of ['Quantity', 'Entry price', 'Exit price', 'Stop loss', 'Take profit']) {
      expect(dialog.getByLabelText(label), label).toHaveAttribute('step', '0.000001');
    }
    for (const label of ['Net P/L', 'Gross P/L', 'Fees', 'Swap']) expect(dialog.getByLabelText(label), label).toHaveAttribute('step', '0.01');
  });

  it('[T64] offers the seven order types plus the unknown types of imported trades', async () => {
    const user = userEvent.setup();
    const dialog = within(await openDrawer(user, '2026-01-05', ['market', 'Iceberg']));
    expect([...(dialog.getByLabelText('Type') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'Market', 'Limit', 'Stop', 'Stop Limit', 'Stop Market', 'Trailing Stop', 'Take Profit', 'Iceberg',
    ]);
  });

  it('[T65] opened without a day, starts at now (Toronto time) on the Buy side', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T15:04:00Z'));
    const user = userEvent.setup();
    const dialog = within(await openDrawer(user, null));
    expect(dialog.getByLabelText('Entry time')).toHaveValue('2026-03-02T10:04');
    expect(dialog.getByLabelText('Side')).toHaveValue('BUY');
  });

  it.each([
    ['shows the server message of a 422', { status: 422, body: { message: 'Enter the instrument.', errors: { instrument: ['Enter the instrument.'], net_pnl: ['Enter the net P/L.'] } } }, 'Enter the instrument.'],
    ['joins the field errors of a 422 without a message', { status: 422, body: { errors: { instrument: ['Enter the instrument.'], net_pnl: ['Enter the net P/L.'] } } }, 'Enter the instrument. Enter the net P/L.'],
    ['shows the server message', { status: 409, body: { message: 'This trade already exists.' } }, 'This trade already exists.'],
    ['falls back to the spec text', { status: 500, body: {} }, 'Unable to create manual trade.'],
  ])('[T66] %s when the server refuses the trade', async (_case, reply, message) => {
    captureCreate(reply);
    const user = userEvent.setup();
    const dialog = within(await openDrawer(user));
    await user.type(dialog.getByLabelText('Instrument'), 'ES');
    await user.type(dialog.getByLabelText('Net P/L'), '25');
    await user.click(dialog.getByRole('button', { name: 'Create trade' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('[T68] posts the §3.7 payload, the exit time falling back to the entry time', async () => {
    const sent = captureCreate();
    const user = userEvent.setup();
    const dialog = within(await openDrawer(user, '2026-11-10'));
    const fill = async (label: string, value: string) => {
      await user.clear(dialog.getByLabelText(label));
      await user.type(dialog.getByLabelText(label), value);
    };
    await fill('Instrument', ' NAS100 ');
    await user.selectOptions(dialog.getByLabelText('Side'), 'SELL');
    await user.selectOptions(dialog.getByLabelText('Type'), 'Limit');
    const typed: [label: string, value: string][] = [
      ['Quantity', '1.5'],
      ['Entry price', '21000.25'],
      ['Exit price', '20990'],
      ['Stop loss', '21010'],
      ['Take profit', '20980'],
      ['Net P/L', '15.25'],
      ['Gross P/L', '16'],
      ['Fees', '0.75'],
      ['Swap', '0'],
      ['Account label', 'Prop firm'],
      ['Account identifier (optional)', 'PF-1'],
      ['Notes', 'Faded the open.'],
    ];
    for (const [label, value] of typed) await fill(label, value);
    await user.clear(dialog.getByLabelText('Exit time'));
    await user.click(dialog.getByRole('button', { name: 'Create trade' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      instrument: 'NAS100',
      side: 'SELL',
      type: 'Limit',
      quantity: '1.5',
      entry_price: '21000.25',
      exit_price: '20990',
      stop_loss: '21010',
      take_profit: '20980',
      fee: '0.75',
      swap: '0',
      gross_pnl: '16',
      net_pnl: '15.25',
      entry_time: '2026-11-10T14:30:00.000Z',
      exit_time: '2026-11-10T14:30:00.000Z',
      account_label: 'Prop firm',
      account_identifier: 'PF-1',
      notes: 'Faded the open.',
    });
  });

  it('[T66] puts a server 422 on its field and says it in the alert', async () => {
    const message = 'Net P/L is too large.';
    document.cookie = 'XSRF-TOKEN=test-xsrf';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message, errors: { net_pnl: [message] } }), { status: 422, headers: { 'content-type': 'application/json' } })),
    );
    const user = userEvent.setup();
    await openDrawer(user, '2026-11-10');
    await typeEsTrade(user);
    await user.click(screen.getByRole('button', { name: 'Create trade' }));
    await waitFor(() => expect(screen.getByLabelText(/Net P\/L/)).toHaveAccessibleDescription(message));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });
});
