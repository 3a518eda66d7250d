import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReportCurvePoint } from '@th/contracts';
import { EquityChart } from './equity-chart';
import { dataTableRows } from '../../../../test/chart-stub';

vi.mock('lightweight-charts', () => import('../../../../test/chart-stub'));

const point = (date: string, net: number, equity: number, drawdown: number, trades = 1): ReportCurvePoint => ({ date, net, trades, equity, drawdown });

describe('reports equity chart data table', () => {
  it('opens from a button under the chart and lists each trading day of a one-month curve', async () => {
    render(
      <EquityChart
        curve={[point('2026-03-02', 120, 120, 0, 2), point('2026-03-03', -50.5, 69.5, -50.5), point('2026-03-04', 80, 149.5, 0, 3)]}
        maxDrawdown={50.5}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show the equity and drawdown as a table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: /by trading day/ });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Trading day', 'Trades', 'Net P&L', 'Equity', 'Drawdown']);
    expect(dataTableRows(table)).toEqual([
      ['Mar 2, 2026', '2', '+$120.00', '+$120.00', '$0.00'],
      ['Mar 3, 2026', '1', '-$50.50', '+$69.50', '-$50.50'],
      ['Mar 4, 2026', '3', '+$80.00', '+$149.50', '$0.00'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Hide the table of the equity and drawdown' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads a curve over several months a month a row: its result, where equity ended and its deepest drawdown', async () => {
    render(
      <EquityChart
        curve={[
          point('2025-12-30', 100, 100, 0),
          point('2025-12-31', -40, 60, -40, 2),
          point('2026-01-02', -30, 30, -70),
          point('2026-01-05', 90, 120, 0),
          point('2026-02-02', 10.25, 130.25, 0),
        ]}
        maxDrawdown={70}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show the equity and drawdown as a table' }));
    const table = screen.getByRole('table', { name: /by month/ });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Month', 'Trades', 'Net P&L', 'Equity', 'Deepest drawdown']);
    expect(dataTableRows(table)).toEqual([
      ['December 2025', '3', '+$60.00', '+$60.00', '-$40.00'],
      ['January 2026', '2', '+$60.00', '+$120.00', '-$70.00'],
      ['February 2026', '1', '+$10.25', '+$130.25', '$0.00'],
    ]);
    // The table scrolls in a named box a keyboard can reach (390 px phones).
    expect(screen.getByRole('region', { name: /Equity and drawdown by month/ })).toHaveAttribute('tabindex', '0');
  });
});
