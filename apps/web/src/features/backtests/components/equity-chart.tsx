import { useEffect, useRef } from 'react';
import { ColorType, LineSeries, createChart, type UTCTimestamp } from 'lightweight-charts';
import type { BacktestEquityPoint } from '@th/contracts';
import { formatPnl } from '@th/domain';
import { chartPoints } from '../utils/chart-points';
import styles from './backtests.module.css';

const BOT_COLOR = '#3b82f6';
const HOLD_COLOR = '#f59e0b';

type Props = { equity: BacktestEquityPoint[]; hold: BacktestEquityPoint[]; instrument: string };

/** Cumulative P&L of the bot after each trade, with buy-and-hold at each session close. */
export function EquityChart({ equity, hold, instrument }: Props) {
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
    </figure>
  );
}
