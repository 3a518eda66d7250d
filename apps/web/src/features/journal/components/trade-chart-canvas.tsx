import { useEffect, useRef } from 'react';
import type { SeriesMarker, Time, UTCTimestamp } from 'lightweight-charts';
import { DateTime } from 'luxon';
import type { TradeChart } from '@th/contracts/trade-chart';
import { loadChartLibrary } from '../utils/chart-library';
import styles from './trade-chart.module.css';

/** Faint bands behind the bars, one per §4.4 session. */
const SESSION_SHADES: Record<string, string> = {
  'Asian Range': 'rgba(168, 85, 247, 0.12)',
  London: 'rgba(14, 165, 233, 0.12)',
  'Early Premarket': 'rgba(148, 163, 184, 0.10)',
  Premarket: 'rgba(245, 158, 11, 0.12)',
  'New York': 'rgba(34, 197, 94, 0.10)',
  'After Hours': 'rgba(148, 163, 184, 0.16)',
};

const seconds = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

/**
 * The canvas of the trade chart: candles at the chosen timeframe, session bands, entry and exit
 * arrows, stop and target lines, and the opening range of an AlphaORB trade. Axis and crosshair
 * times read in the member's zone, never the device's.
 */
export function TradeChartCanvas({ data }: { data: TradeChart }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el || data.bars.length === 0) return;
    el.dataset.state = 'drawing';
    let removed = false;
    let remove = () => {};
    // Imported rather than the canvas being a lazy component: a Suspense fallback revealed again
    // within 300 ms is held back by React until those 300 ms have passed (its fallback throttle),
    // which kept a trade opened by its address waiting that long with nothing to do.
    void loadChartLibrary().then((library) => {
      if (!removed) remove = draw(library, el, data);
    });
    return () => {
      removed = true;
      remove();
    };
  }, [data]);
  return <div ref={host} className={styles.canvas} data-state="drawing" />;
}

/** Draws `data` into `el`; answers how to remove the chart. */
function draw(library: Awaited<ReturnType<typeof loadChartLibrary>>, el: HTMLDivElement, data: TradeChart) {
  const { CandlestickSeries, ColorType, HistogramSeries, LineSeries, LineStyle, createChart, createSeriesMarkers } = library;
  const zone = data.time_zone;
  const at = (time: Time) => DateTime.fromSeconds(Number(time), { zone });
  const chart = createChart(el, {
    autoSize: true,
    height: 300,
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#9aa8c3' },
    grid: { vertLines: { color: '#24314d' }, horzLines: { color: '#24314d' } },
    localization: { timeFormatter: (time: Time) => at(time).toFormat('LLL d, h:mm a') },
    timeScale: { timeVisible: true, borderColor: '#34446a', tickMarkFormatter: (time: Time) => at(time).toFormat('h:mm a') },
    rightPriceScale: { borderColor: '#34446a' },
  });

  const span = Number(data.timeframe) * 60_000;
  const barStart = (ms: number) => Math.floor(ms / span) * span;
  const sessionOf = (t: number) => data.sessions.find((s) => Date.parse(s.from) <= t && t < Date.parse(s.to));
  const shades = chart.addSeries(HistogramSeries, { priceScaleId: 'sessions', priceLineVisible: false, lastValueVisible: false });
  chart.priceScale('sessions').applyOptions({ scaleMargins: { top: 0, bottom: 0 }, visible: false });
  shades.setData(
    data.bars.map((b) => ({ time: seconds(b.t), value: 1, color: SESSION_SHADES[sessionOf(b.t)?.label ?? ''] ?? 'transparent' })),
  );

  const candles = chart.addSeries(CandlestickSeries);
  candles.setData(data.bars.map((b) => ({ time: seconds(b.t), open: b.o, high: b.h, low: b.l, close: b.c })));

  const long = data.side.toLowerCase() === 'buy';
  const markers: SeriesMarker<Time>[] = [];
  for (const mark of data.markers) {
    if (mark.time === null) {
      const color = mark.kind === 'stop' ? '#dc2626' : '#16a34a';
      candles.createPriceLine({ price: mark.price, color, title: mark.kind === 'stop' ? 'Stop' : 'Target', lineWidth: 1, lineStyle: LineStyle.Dashed });
      continue;
    }
    const entry = mark.kind === 'entry';
    const buying = entry === long;
    markers.push({
      time: seconds(barStart(Date.parse(mark.time))),
      position: buying ? 'belowBar' : 'aboveBar',
      shape: buying ? 'arrowUp' : 'arrowDown',
      color: entry ? '#0ea5e9' : '#f59e0b',
      text: `${entry ? 'Entry' : 'Exit'} ${mark.price}`,
    });
  }
  createSeriesMarkers(candles, markers);

  const range = data.opening_range;
  if (range) {
    const from = Date.parse(range.from);
    const to = Date.parse(range.to);
    const inside = data.bars.filter((b) => b.t >= barStart(from) && b.t < to);
    for (const price of [range.high, range.low]) {
      chart
        .addSeries(LineSeries, { color: '#6366f1', lineWidth: 2, priceLineVisible: false, lastValueVisible: false })
        .setData(inside.map((b) => ({ time: seconds(b.t), value: price })));
    }
  }
  chart.timeScale().fitContent();
  // The chart paints in the next animation frame; a frame asked for after it runs once the
  // candles are on the canvas: the page's "chart ready" (the trade chart benchmark waits on it).
  const painted = requestAnimationFrame(() => (el.dataset.state = 'ready'));
  return () => {
    cancelAnimationFrame(painted);
    chart.remove();
  };
}
