/**
 * lightweight-charts for jsdom, which has no canvas: `vi.mock('lightweight-charts', () =>
 * import('<path>/test/chart-stub'))`. The charts draw nothing; tests read the data table beside
 * them with `dataTableRows`.
 */
import { within } from '@testing-library/react';

export const ColorType = { Solid: 'solid' };
export const LineStyle = { Dashed: 2 };
export const LineSeries = {};
export const AreaSeries = {};
export const CandlestickSeries = {};
export const HistogramSeries = {};
export const createChart = () => ({
  addSeries: () => ({ setData: () => {}, createPriceLine: () => {} }),
  priceScale: () => ({ applyOptions: () => {} }),
  timeScale: () => ({ fitContent: () => {} }),
  remove: () => {},
});
export const createSeriesMarkers = () => ({ setMarkers: () => {}, detach: () => {} });

/** Each body row's heading (its day or month, a row header) and figures, as a screen reader meets them. */
export const dataTableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) => cell.textContent));
