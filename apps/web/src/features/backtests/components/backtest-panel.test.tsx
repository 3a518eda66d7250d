import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Backtest, BacktestResult } from '@th/contracts';
import { FILL_MODEL_DESCRIPTION } from '@th/domain';
import { BacktestPanel } from './backtest-panel';

vi.mock('lightweight-charts', () => import('../../../../test/chart-stub'));

const result: BacktestResult = {
  stats: {
    trades: 3,
    wins: 2,
    losses: 1,
    win_rate: 66.7,
    total_pnl: 123.45,
    gross_profit: 180,
    gross_loss: 56.55,
    profit_factor: 3.183,
    expectancy_money: 41.15,
    expectancy_r: 0.82,
    max_drawdown: 56.55,
    fees: 6,
    trading_days: 3,
    trades_per_day: 1,
    exits_by_reason: { stop: 1, target: 2, session_close: 0, manual: 0 },
  },
  trades: [
    {
      trading_day: '2025-02-03',
      attempt: 1,
      side: 'buy',
      order_type: 'market',
      qty: 1,
      entry_price: 21400.5,
      entry_at: '2025-02-03T14:46:00Z',
      exit_price: 21460.5,
      exit_at: '2025-02-03T15:20:00Z',
      exit_reason: 'target',
      stop_price: 21370.5,
      target_price: 21460.5,
      fees: 2,
      pnl: 58,
      r_multiple: 1.93,
    },
  ],
  equity: [
    { at: '2025-02-03T05:00:00Z', equity: 0 },
    { at: '2025-02-03T15:20:00Z', equity: 58 },
  ],
  buy_and_hold: { qty: 1, entry_price: 21300, exit_price: 21350, pnl: 50, return_pct: 0.23, equity: [{ at: '2025-02-03T20:55:00Z', equity: 50 }] },
  bars: 4140,
};

const backtest = (over: Partial<Backtest>): Backtest => ({
  id: 'b7d2c2a4-2f1e-4b55-9a51-0c1f3b0e8a11',
  instrument: 'NAS100',
  from: '2025-02-03',
  to: '2025-02-05',
  timezone: 'America/New_York',
  settings: {},
  commission_per_lot: 2,
  entry_slippage: 0,
  stop_slippage: 0,
  status: 'queued',
  progress: 0,
  error: null,
  fill_model: FILL_MODEL_DESCRIPTION,
  created_at: '2025-03-01T10:00:00Z',
  finished_at: null,
  result: null,
  ...over,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(answers: { post: () => Response; get?: Array<() => Response> }) {
  const gets = [...(answers.get ?? [])];
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://app.test');
      if (url.pathname === '/sanctum/csrf-cookie') {
        document.cookie = 'XSRF-TOKEN=test';
        return new Response(null, { status: 204 });
      }
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return answers.post();
      }
      return (gets.length > 1 ? gets.shift()! : gets[0]!)();
    }),
  );
  return posted;
}

const settings = { orb_minutes: 15, orb_start_local: '09:30', run_days: ['mon', 'tue'] as ('mon' | 'tue')[], lot_size: 1, order_type: 'market' as const };

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BacktestPanel settings={settings} instrument="NAS100" />
    </QueryClientProvider>,
  );
}

async function fillRange(user: ReturnType<typeof userEvent.setup>, from: string, to: string) {
  await user.clear(screen.getByLabelText('From'));
  await user.type(screen.getByLabelText('From'), from);
  await user.clear(screen.getByLabelText('To'));
  await user.type(screen.getByLabelText('To'), to);
}

afterEach(() => vi.unstubAllGlobals());

describe('BacktestPanel', () => {
  it('runs the form settings, shows progress, then the stats, buy-and-hold and trades', async () => {
    const posted = serve({
      post: () => json({ message: 'Backtest queued.', backtest: backtest({}) }, 202),
      get: [() => json({ backtest: backtest({ status: 'running', progress: 40 }) }), () => json({ backtest: backtest({ status: 'done', progress: 100, result }) })],
    });
    const user = userEvent.setup();
    renderPanel();
    expect(screen.getByText(FILL_MODEL_DESCRIPTION, { exact: false })).toBeInTheDocument();
    await fillRange(user, '2025-02-03', '2025-02-05');
    await user.clear(screen.getByLabelText('Stop slippage (points)'));
    await user.type(screen.getByLabelText('Stop slippage (points)'), '0.5');
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));

    expect(await screen.findByRole('progressbar', { name: 'Backtest progress' })).toBeInTheDocument();
    expect(posted[0]).toMatchObject({ instrument: 'NAS100', from: '2025-02-03', to: '2025-02-05', stop_slippage: 0.5, entry_slippage: 0, settings });

    const stats = await screen.findByText('Total P&L', {}, { timeout: 4000 });
    const cards = stats.closest('dl')!;
    expect(within(cards).getByText('+$123.45')).toBeInTheDocument();
    expect(within(cards).getByText('66.7%')).toBeInTheDocument();
    expect(within(cards).getByText('3.18')).toBeInTheDocument();
    expect(within(cards).getByText('0.82R')).toBeInTheDocument();
    expect(within(cards).getByText('Stop 1 · Target 2 · Session close 0')).toBeInTheDocument();
    expect(screen.getByText('The bot made $73.45 more than buy-and-hold.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2025-02-03');
    expect(rows[1]).toHaveTextContent('Target');
    expect(rows[1]).toHaveTextContent('+$58.00');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('checks the range before asking the server', async () => {
    const posted = serve({ post: () => json({}, 500) });
    const user = userEvent.setup();
    renderPanel();
    await fillRange(user, '2025-02-05', '2025-02-03');
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));
    expect(await screen.findByText('The end date must be after the start date.')).toBeInTheDocument();
    await fillRange(user, '2021-01-04', '2024-01-05');
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));
    expect(await screen.findByText('A backtest covers at most 2 years.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it("shows the server's field message and a failed run's reason", async () => {
    serve({ post: () => json({ message: 'The end date cannot be in the future.', errors: { to: ['The end date cannot be in the future.'] } }, 422) });
    const user = userEvent.setup();
    renderPanel();
    await fillRange(user, '2025-02-03', '2025-02-05');
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));
    expect(await screen.findByText('The end date cannot be in the future.')).toBeInTheDocument();

    vi.unstubAllGlobals();
    serve({
      post: () => json({ message: 'Backtest queued.', backtest: backtest({}) }, 202),
      get: [() => json({ backtest: backtest({ status: 'failed', error: 'The market data could not be loaded. Please try again later.' }) })],
    });
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));
    expect(await screen.findByText('The market data could not be loaded. Please try again later.', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('puts a server 422 on its field, and one on the settings above the button', async () => {
    serve({
      post: () =>
        json({ message: 'Invalid.', errors: { stop_slippage: ['Slippage must be at least 0.'], 'settings.lot_size': ['Enter a lot size of at least 0.'] } }, 422),
    });
    const user = userEvent.setup();
    renderPanel();
    await fillRange(user, '2025-02-03', '2025-02-05');
    await user.click(screen.getByRole('button', { name: 'Run backtest' }));
    await waitFor(() => expect(screen.getByLabelText('Stop slippage (points)')).toHaveAccessibleDescription('Against you when a stop fills. Slippage must be at least 0.'));
    expect(screen.getByText('Check the bot settings above: Enter a lot size of at least 0.')).toBeInTheDocument();
  });
});
