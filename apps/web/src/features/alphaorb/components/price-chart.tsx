import { useEffect, useRef } from 'react';
import { CandlestickSeries, LineStyle, createChart, type UTCTimestamp } from 'lightweight-charts';
import type { Monitor, MonitorRun } from '@th/contracts';
import { ChartDataTable } from '@/components/chart-data-table';
import { formatPriceText } from '../utils/format';
import { pricePeriods } from '../utils/price-table';
import styles from './alphaorb.module.css';

type Props = {
  bars: Monitor['chart']['bars'];
  metrics: MonitorRun['metrics'] | null;
  /** The bot's zone, the one its run window is shown in. */
  timezone: string;
};

/** One-minute prices of the run with the opening range, entry, stop and target as lines. */
export function PriceChart({ bars, metrics, timezone }: Props) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el || bars.length === 0) return;
    const chart = createChart(el, { height: 280, autoSize: true, timeScale: { timeVisible: true } });
    const series = chart.addSeries(CandlestickSeries);
    series.setData(bars.map((b) => ({ time: (b.t / 1000) as UTCTimestamp, open: b.o, high: b.h, low: b.l, close: b.c })));
    const lines: [number | null | undefined, string, string][] = [
      [metrics?.orbHigh, '#6366f1', 'Range high'],
      [metrics?.orbLow, '#6366f1', 'Range low'],
      [metrics?.entryPrice, '#0ea5e9', 'Entry'],
      [metrics?.stopPrice, '#dc2626', 'Stop'],
      [metrics?.targetPrice, '#16a34a', 'Target'],
    ];
    for (const [price, color, title] of lines) {
      if (typeof price === 'number') series.createPriceLine({ price, color, title, lineWidth: 1, lineStyle: LineStyle.Dashed });
    }
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [bars, metrics]);
  if (bars.length === 0) return <p className={styles.muted}>The price chart appears once the opening range starts.</p>;
  // The text sits beside the canvas, not as role="img" on it: the chart library puts its
  // attribution link inside, and an image may hold no control (axe `nested-interactive`).
  return (
    <>
      <p className="visually-hidden">Price chart with the opening range, entry, stop and target</p>
      <div ref={host} className={styles.chart} />
      <PriceTable bars={bars} timezone={timezone} />
    </>
  );
}

function PriceTable({ bars, timezone }: Pick<Props, 'bars' | 'timezone'>) {
  const { by, periods } = pricePeriods(bars, timezone);
  return (
    <ChartDataTable
      subject="the prices"
      caption={
        by === 'minute'
          ? `Prices by minute (${timezone}): open, high, low and close`
          : `Prices by quarter hour (${timezone}): open, high, low and close of each 15 minutes`
      }
      columns={[by === 'minute' ? 'Minute' : 'Quarter hour', 'Open', 'High', 'Low', 'Close']}
      rows={periods.map((row) => ({
        key: row.key,
        cells: [row.label, formatPriceText(row.open), formatPriceText(row.high), formatPriceText(row.low), formatPriceText(row.close)],
      }))}
    />
  );
}
