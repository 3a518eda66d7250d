import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TradeChart as TradeChartData } from '@th/contracts/trade-chart';
import { TradeChart } from './trade-chart';
import { dataTableRows } from '../../../../test/chart-stub';
import { chartBar as bar, tradeChartFixture } from '../../../../test/trade-fixture';
import { jsonResponse } from '../../../../test/fetch-stub';
import { renderWithClient } from '../../../../test/render';

vi.mock('lightweight-charts', () => import('../../../../test/chart-stub'));

/** Answers the chart call for each timeframe asked; returns the URLs asked. */
function stubChart(answer: (timeframe: string) => TradeChartData | Response) {
  document.cookie = 'XSRF-TOKEN=test-token';
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(String(url));
      const timeframe = new URL(String(url), 'http://x').searchParams.get('timeframe') ?? '1';
      const body = answer(timeframe);
      return body instanceof Response ? body : jsonResponse({ data: body });
    }),
  );
  return urls;
}

const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => vi.unstubAllGlobals());

describe('the trade chart of the trade detail', () => {
  it('[T97] shows MAE, MFE, R left on the table and time in trade, times in the member’s named zone, and the marks in its table', async () => {
    const urls = stubChart(() => tradeChartFixture());
    renderWithClient(<TradeChart tradeId="1" />);
    const region = await screen.findByRole('region', { name: 'Trade chart' });
    expect(await within(region).findByText('Times in America/Los_Angeles')).toBeInTheDocument();
    expect(urls[0]).toContain('/api/trades/1/chart?timeframe=1');
    expect(figure('MAE')).toBe('-$10.50 · -0.50R');
    expect(figure('MFE')).toBe('$23.50 · 1.12R');
    expect(figure('R left on the table')).toBe('$8.00 · 0.38R');
    expect(figure('Time in trade')).toBe('2 min');

    await userEvent.click(screen.getByRole('button', { name: "Show the trade's prices as a table" }));
    const table = screen.getByRole('table', { name: /NAS100 1-minute bars \(America\/Los_Angeles\)/ });
    expect(dataTableRows(table)).toEqual([
      ['6:35 AM', 'New York', '21,000.00', '21,004.00', '20,995.00', '21,002.00', 'Entry 21,000.25, Stop level 20,990.00'],
      ['6:36 AM', 'New York', '21,002.00', '21,012.00', '21,001.00', '21,010.00', ''],
      ['6:37 AM', 'New York', '21,010.00', '21,011.00', '21,006.00', '21,008.00', 'Exit 21,008.00'],
    ]);
  });

  it('marks its canvas ready once the candles are drawn (what the trade chart benchmark waits for)', async () => {
    stubChart(() => tradeChartFixture());
    const { container } = renderWithClient(<TradeChart tradeId="1" />);
    await screen.findByText('Times in America/Los_Angeles');
    await waitFor(() => expect(container.querySelector('[data-state]')).toHaveAttribute('data-state', 'ready'));
  });

  it('switches the timeframe with a labelled radio group and asks for that timeframe', async () => {
    const urls = stubChart((timeframe) =>
      tradeChartFixture({ timeframe: timeframe as TradeChartData['timeframe'], bars: timeframe === '5' ? [bar(0, 21000, 21012, 20995, 21008)] : tradeChartFixture().bars }),
    );
    renderWithClient(<TradeChart tradeId="manual-7" />);
    const group = await screen.findByRole('group', { name: 'Chart timeframe' });
    expect(within(group).getByRole('radio', { name: '1 min' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: '5 min' }));
    expect(within(group).getByRole('radio', { name: '5 min' })).toBeChecked();
    await waitFor(() => expect(urls.at(-1)).toContain('/api/trades/manual-7/chart?timeframe=5'));
    await userEvent.click(screen.getByRole('button', { name: "Show the trade's prices as a table" }));
    const table = await screen.findByRole('table', { name: /5-minute bars/ });
    expect(dataTableRows(table)).toEqual([
      ['6:35 AM', 'New York', '21,000.00', '21,012.00', '20,995.00', '21,008.00', 'Entry 21,000.25, Exit 21,008.00, Stop level 20,990.00'],
    ]);
  });

  it('says plainly when bars are unavailable, with money-only figures left out and no table', async () => {
    stubChart(() =>
      tradeChartFixture({ bars_status: 'unavailable', unavailable_reason: 'There is no market data for this instrument.', bars: [], sessions: [], excursions: null }),
    );
    renderWithClient(<TradeChart tradeId="1" />);
    expect(await screen.findByText('Bars unavailable: There is no market data for this instrument.')).toBeInTheDocument();
    expect(figure('MAE')).toBe('—');
    expect(figure('Time in trade')).toBe('2 min');
    expect(screen.queryByRole('button', { name: /as a table/ })).not.toBeInTheDocument();
  });

  it('gives MAE and MFE in money alone when the trade has no stop', async () => {
    const base = tradeChartFixture().excursions!;
    stubChart(() => tradeChartFixture({ excursions: { ...base, mae_r: null, mfe_r: null, left_on_table_r: null } }));
    renderWithClient(<TradeChart tradeId="1" />);
    await screen.findByText('Times in America/Los_Angeles');
    expect(figure('MAE')).toBe('-$10.50');
    expect(figure('MFE')).toBe('$23.50');
    expect(figure('R left on the table')).toBe('$8.00');
  });

  it('words a failed load by its status', async () => {
    stubChart(() => jsonResponse({ message: 'Server Error' }, 500));
    renderWithClient(<TradeChart tradeId="1" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/Server Error|Failed to load the chart/);
  });
});
