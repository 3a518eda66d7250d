import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BotTradeRow, Overview } from '@th/contracts';
import { botFixture } from '../../../test/bot-fixture';
import { Component } from './alphaorb';
import { fakeApi, profile, renderRoute } from './account-test-harness';

afterEach(() => vi.unstubAllGlobals());

const trade: BotTradeRow = {
  id: 't-1',
  bot_id: 'b-7',
  bot_label: 'Morning NAS100',
  run_id: 'run-1',
  instrument: 'NAS100',
  side: 'buy',
  quantity: '1',
  entry_time: '2026-01-08T14:47:00Z',
  exit_time: '2026-01-08T15:20:00Z',
  entry_price: '21010.5',
  exit_price: '21050.5',
  stop_price: '20990.5',
  take_profit: '21050.5',
  pnl: '40',
  win_loss: 'win',
  rr: '2',
  risk_amount: '20',
  orb_start: '09:30',
  orb_range_minutes: 15,
  order_status: 'filled',
};

const weekOverview: Overview = {
  summary: { totalRevenue: 1250, periodRevenue: 312.5, winRate: 0.625, wins: 5, totalPositions: 8, currency: 'USD' },
  bots: [botFixture()],
  trades: [trade],
};

const CARD_LABELS = ['Total revenue', 'Period revenue', 'Win rate', 'Wins', 'Positions'];

/** The shown performance cards as label → value (each value follows its label). */
function cards() {
  return Object.fromEntries(CARD_LABELS.map((label) => [label, screen.getByText(label, { selector: 'span' }).nextElementSibling?.textContent]));
}

/** The dashboard; `overview` answers GET /api/alphaorb/overview for the range asked. */
function openDashboard(overview: (range: string | undefined) => { status?: number; body: unknown }) {
  fakeApi({
    'GET /api/me': { body: { data: profile({ permissions: ['alphaorb.manage'] }) } },
    'GET /api/alphaorb/overview': (call) => overview(call.query.range),
  });
  renderRoute('/alphaorb', Component);
}

describe('AlphaORB dashboard', () => {
  it('[T6] shows the performance cards and the recent trades of the range', async () => {
    openDashboard(() => ({ body: weekOverview }));
    const recent = (await screen.findByRole('heading', { name: 'Recent trades' })).closest('section') as HTMLElement;
    const row = await within(recent).findByRole('row', { name: /Morning NAS100/ });
    expect(cards()).toEqual({ 'Total revenue': '$1,250', 'Period revenue': '$312.50', 'Win rate': '62.5%', Wins: '5', Positions: '8' });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      expect.any(String),
      'Morning NAS100',
      'NAS100',
      'BUY',
      '21,010.50',
      '21,050.50',
      '20,990.50',
      '2.00R',
      '+$40.00',
    ]);
  });

  it('[T9] says live metrics are unavailable and resets the widgets when the overview fails', async () => {
    const user = userEvent.setup();
    openDashboard((range) => (range === 'day' ? { status: 500, body: {} } : { body: weekOverview }));
    await screen.findByRole('row', { name: /Morning NAS100/ });
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByText('Live metrics are unavailable at the moment. Please retry shortly.')).toBeVisible();
    expect(cards()).toEqual({ 'Total revenue': '$0', 'Period revenue': '$0', 'Win rate': '0.0%', Wins: '0', Positions: '0' });
    expect(screen.queryByRole('row', { name: /Morning NAS100/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Morning NAS100' })).toBeNull();
  });
});
