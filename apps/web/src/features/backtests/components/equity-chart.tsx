import { useEffect, useRef } from 'react';
import { ColorType, LineSeries, createChart, type UTCTimestamp } from 'lightweight-charts';
import type { BacktestEquityPoint } from '@th/contracts';
import { formatPnl } from '@th/domain';
import { ChartDataTable } from '@/components/chart-data-table';
import { chartPoints } from '../utils/chart-points';
import { equityPeriods } from '../utils/equity-table';
import styles from './backtests.module.css';

const BOT_COLOR = '#3b82f6';
const HOLD_COLOR = '#f59e0b';

type Props = {
  equity: BacktestEquityPoint[];
  hold: BacktestEquityPoint[];
  instrument: string;
  /** The bot's zone: the days of the data table, as in the trades table. */
  timezone: string;
};

/** Cumulative P&L of the bot after each trade, with buy-and-hold at each session close. */
export function EquityChart({ equity, hold, instrument, timezone }: Props) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, {
      autoSize: true,
      height: 280,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#9aa8c3' },
      grid: { vertLines: { color: '#24314d' }, horzLines: { color: '#24314d' } },
      rightPriceScale: { borderColor: '#34446a' },
      timeScale: { borderColor: '#34446a' },
    });
    const toSeries = (points: BacktestEquityPoint[]) =>
      chartPoints(points).map((p) => ({ time: p.time as UTCTimestamp, value: p.value }));
    chart.addSeries(LineSeries, { color: HOLD_COLOR, lineWidth: 2, title: 'Buy and hold' }).setData(toSeries(hold));
    chart.addSeries(LineSeries, { color: BOT_COLOR, lineWidth: 2, title: 'AlphaORB' }).setData(toSeries(equity));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [equity, hold]);

  const botEnd = equity.at(-1)?.equity ?? 0;
  const holdEnd = hold.at(-1)?.equity ?? 0;
  return (
    <figure className={styles.chart}>
      <figcaption>
        Equity: <span className={`${styles.legend} ${styles.legendBot}`}>AlphaORB</span> <span className={`${styles.legend} ${styles.legendHold}`}>Buy and hold {instrument}</span>
      </figcaption>
      <div
        ref={container}
        className={styles.chartCanvas}
        role="img"
        aria-label={`Equity curve: AlphaORB ends at ${formatPnl(botEnd)}, buy and hold ${instrument} at ${formatPnl(holdEnd)}.`}
      />
      <EquityTable equity={equity} hold={hold} instrument={instrument} timezone={timezone} />
    </figure>
  );
}

function EquityTable({ equity, hold, instrument, timezone }: Props) {
  const { by, periods } = equityPeriods(equity, hold, timezone);
  const period = by === 'month' ? 'month' : 'session day';
  return (
    <ChartDataTable
      subject="the equity curves"
      caption={`Equity by ${period} (${timezone}): AlphaORB’s P&L at the end of the ${period} and over it, and buy and hold ${instrument} at the ${period}’s last close`}
      columns={[by === 'month' ? 'Month' : 'Session day', 'AlphaORB', `AlphaORB change`, `Buy and hold ${instrument}`]}
      rows={periods.map((row) => ({
        key: row.key,
        cells: [row.label, formatPnl(row.bot), formatPnl(row.change), row.hold === null ? '—' : formatPnl(row.hold)],
      }))}
    />
  );
}
