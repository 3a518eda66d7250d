import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EquityChart } from './equity-chart';
import { dataTableRows } from '../../../../test/chart-stub';

vi.mock('lightweight-charts', () => import('../../../../test/chart-stub'));

describe('backtest equity chart data table', () => {
  it('lists each session day in the bot’s zone with the bot’s P&L and buy and hold at the close', async () => {
    render(
      <EquityChart
        instrument="NAS100"
        timezone="America/New_York"
        equity={[
          { at: '2025-02-03T05:00:00Z', equity: 0 },
          { at: '2025-02-03T15:20:00Z', equity: 58 },
          // 01:30 UTC on the 5th is still the 4th in New York.
          { at: '2025-02-05T01:30:00Z', equity: 27.5 },
        ]}
        hold={[
          { at: '2025-02-03T21:00:00Z', equity: 40 },
          { at: '2025-02-04T21:00:00Z', equity: -12.25 },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show the equity curves as a table' }));
    const table = screen.getByRole('table', { name: /Equity by session day \(America\/New_York\)/ });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Session day', 'AlphaORB', 'AlphaORB change', 'Buy and hold NAS100']);
    expect(dataTableRows(table)).toEqual([
      ['Feb 3, 2025', '+$58.00', '+$58.00', '+$40.00'],
      ['Feb 4, 2025', '+$27.50', '-$30.50', '-$12.25'],
    ]);
  });

  it('reads a run over several months a month a row, carrying the bot’s equity through a month without trades', async () => {
    render(
      <EquityChart
        instrument="US30"
        timezone="America/New_York"
        equity={[
          { at: '2025-01-02T05:00:00Z', equity: 0 },
          { at: '2025-01-10T15:00:00Z', equity: 100 },
          { at: '2025-01-20T15:00:00Z', equity: 80 },
          { at: '2025-03-03T15:00:00Z', equity: 150 },
        ]}
        hold={[
          { at: '2025-01-31T21:00:00Z', equity: 10 },
          { at: '2025-02-28T21:00:00Z', equity: 25 },
          { at: '2025-03-31T20:00:00Z', equity: 5 },
        ]}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show the equity curves as a table' }));
    expect(dataTableRows(screen.getByRole('table', { name: /Equity by month/ }))).toEqual([
      ['January 2025', '+$80.00', '+$80.00', '+$10.00'],
      ['February 2025', '+$80.00', '$0.00', '+$25.00'],
      ['March 2025', '+$150.00', '+$70.00', '+$5.00'],
    ]);
  });
});
