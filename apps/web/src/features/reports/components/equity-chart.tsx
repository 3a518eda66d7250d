import { useEffect, useRef } from 'react';
import { AreaSeries, ColorType, LineSeries, createChart } from 'lightweight-charts';
import type { ReportCurvePoint } from '@th/contracts';
import { formatMoney, formatPnl } from '@th/domain';
import { ChartDataTable } from '@/components/chart-data-table';
import { curvePeriods } from '../utils/curve-table';
import styles from './reports.module.css';

const EQUITY_COLOR = '#3b82f6';
const DRAWDOWN_COLOR = '#f87171';

type Props = { curve: ReportCurvePoint[]; maxDrawdown: number };

/** Cumulative net P&L at each trading day's close, and the drawdown below its running peak. */
export function EquityChart({ curve, maxDrawdown }: Props) {
  const equityRef = useRef<HTMLDivElement>(null);
  const drawdownRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const equityElement = equityRef.current;
    const drawdownElement = drawdownRef.current;
    if (!equityElement || !drawdownElement) return;
    const options = (height: number) => ({
      autoSize: true,
      height,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#9aa8c3' },
      grid: { vertLines: { color: '#24314d' }, horzLines: { color: '#24314d' } },
      rightPriceScale: { borderColor: '#34446a' },
      timeScale: { borderColor: '#34446a' },
    });
    const equity = createChart(equityElement, options(260));
    equity
      .addSeries(LineSeries, { color: EQUITY_COLOR, lineWidth: 2, title: 'Equity' })
      .setData(curve.map((p) => ({ time: p.date, value: p.equity })));
    equity.timeScale().fitContent();
    const drawdown = createChart(drawdownElement, options(140));
    drawdown
      .addSeries(AreaSeries, {
        lineColor: DRAWDOWN_COLOR,
        topColor: 'rgba(248, 113, 113, 0.05)',
        bottomColor: 'rgba(248, 113, 113, 0.35)',
        lineWidth: 2,
        title: 'Drawdown',
      })
      .setData(curve.map((p) => ({ time: p.date, value: p.drawdown })));
    drawdown.timeScale().fitContent();
    return () => {
      equity.remove();
      drawdown.remove();
    };
  }, [curve]);

  const last = curve.at(-1);
  // The charts' text is a hidden paragraph beside the canvas, not role="img" on it: the chart
  // library puts a link (its attribution) inside, and an image may hold no control (axe `nested-interactive`).
  return (
    <div className={styles.charts}>
      <figure className={styles.chart}>
        <figcaption>Equity curve (cumulative net P&amp;L at each trading day’s close)</figcaption>
        <p className="visually-hidden">{`Equity curve over ${curve.length} trading days, ending at ${formatPnl(last?.equity ?? 0)}.`}</p>
        <div ref={equityRef} className={styles.chartCanvas} />
      </figure>
      <figure className={styles.chart}>
        <figcaption>Drawdown (distance below the highest equity so far)</figcaption>
        <p className="visually-hidden">{`Drawdown curve; the largest drawdown, trade by trade, was ${formatMoney(maxDrawdown)}.`}</p>
        <div ref={drawdownRef} className={`${styles.chartCanvas} ${styles.short}`} />
      </figure>
      <CurveTable curve={curve} />
    </div>
  );
}

function CurveTable({ curve }: { curve: ReportCurvePoint[] }) {
  const { by, periods } = curvePeriods(curve);
  return (
    <ChartDataTable
      subject="the equity and drawdown"
      caption={
        by === 'month'
          ? 'Equity and drawdown by month: net P&L, equity at the close of the month’s last trading day, and the deepest drawdown at any close in the month'
          : 'Equity and drawdown by trading day: net P&L, equity and drawdown at the day’s close'
      }
      columns={[by === 'month' ? 'Month' : 'Trading day', 'Trades', 'Net P&L', 'Equity', by === 'month' ? 'Deepest drawdown' : 'Drawdown']}
      rows={periods.map((period) => ({
        key: period.key,
        cells: [period.label, period.trades.toLocaleString('en-US'), formatPnl(period.net), formatPnl(period.equity), formatMoney(period.deepestDrawdown)],
      }))}
    />
  );
}
