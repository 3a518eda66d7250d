import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateTime } from 'luxon';
import { describe, expect, it, vi } from 'vitest';
import { PriceChart } from './price-chart';
import { dataTableRows } from '../../../../test/chart-stub';

vi.mock('lightweight-charts', () => import('../../../../test/chart-stub'));

const ZONE = 'America/New_York';
/** A one-minute bar starting `minutes` after 9:20 New York time on a winter day. */
const bar = (minutes: number, o: number, h: number, l: number, c: number) => ({
  t: DateTime.fromISO('2025-02-03T09:20', { zone: ZONE }).plus({ minutes }).toMillis(),
  o,
  h,
  l,
  c,
});

describe('AlphaORB monitor price chart data table', () => {
  it('lists each minute of a short run in the bot’s zone', async () => {
    render(<PriceChart timezone={ZONE} metrics={null} bars={[bar(0, 21400, 21410.5, 21395, 21405), bar(1, 21405, 21420, 21401.25, 21418)]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show the prices as a table' }));
    const table = screen.getByRole('table', { name: /Prices by minute \(America\/New_York\)/ });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Minute', 'Open', 'High', 'Low', 'Close']);
    expect(dataTableRows(table)).toEqual([
      ['9:20 AM', '21,400.00', '21,410.50', '21,395.00', '21,405.00'],
      ['9:21 AM', '21,405.00', '21,420.00', '21,401.25', '21,418.00'],
    ]);
  });

  it('reads a long run a quarter hour a row: first open, highest high, lowest low, last close', async () => {
    // 9:20 to 10:04: 45 minutes, rows from 9:15, 9:30, 9:45 and 10:00 on the clock.
    const bars = Array.from({ length: 45 }, (_, i) => bar(i, 100 + i, 101 + i, 99 + i, 100.5 + i));
    render(<PriceChart timezone={ZONE} metrics={null} bars={bars} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show the prices as a table' }));
    expect(dataTableRows(screen.getByRole('table', { name: /Prices by quarter hour/ }))).toEqual([
      ['9:15 AM – 9:30 AM', '100.00', '110.00', '99.00', '109.50'],
      ['9:30 AM – 9:45 AM', '110.00', '125.00', '109.00', '124.50'],
      ['9:45 AM – 10:00 AM', '125.00', '140.00', '124.00', '139.50'],
      ['10:00 AM – 10:15 AM', '140.00', '145.00', '139.00', '144.50'],
    ]);
  });
});
