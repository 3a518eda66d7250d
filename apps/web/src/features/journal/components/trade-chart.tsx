import { useEffect, useId, useMemo, useState } from 'react';
import { DateTime } from 'luxon';
import type { TradeChart as TradeChartData, TradeChartTimeframe } from '@th/contracts/trade-chart';
import { formatDurationMs, formatMoney, formatPrice, formatRMultiple } from '@th/domain';
import { Alert } from '@/components/alert';
import { ChartDataTable } from '@/components/chart-data-table';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { useTradeChart } from '../api/get-trade-chart';
import { loadChartLibrary } from '../utils/chart-library';
import { TradeChartCanvas } from './trade-chart-canvas';
import styles from './trade-chart.module.css';


const TIMEFRAMES: { value: TradeChartTimeframe; label: string }[] = [
  { value: '1', label: '1 min' },
  { value: '5', label: '5 min' },
  { value: '15', label: '15 min' },
];

const MARK_LABELS = { entry: 'Entry', exit: 'Exit', stop: 'Stop', target: 'Target' } as const;

/** Money and R of an excursion: "$24.00 · 1.20R", or money alone when the trade had no risk. */
function moneyAndR(money: number | null, r: number | null): string {
  const parts = [money === null ? null : formatMoney(money), r === null ? null : formatRMultiple(r)].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : '—';
}

/** Issue #24: the trade on the market around it, with MAE, MFE, R left on the table and time in trade. */
export function TradeChart({ tradeId }: { tradeId: string }) {
  const [timeframe, setTimeframe] = useState<TradeChartTimeframe>('1');
  const chart = useTradeChart(tradeId, timeframe);
  // The drawing library comes while the chart's call is in flight, not after it.
  useEffect(() => void loadChartLibrary(), []);
  const name = useId();
  const data = chart.data?.data;

  return (
    <section className={styles.tradeChart} aria-label="Trade chart">
      <div className={styles.header}>
        <h3>Trade chart</h3>
        <fieldset className={styles.timeframes}>
          <legend>Chart timeframe</legend>
          {TIMEFRAMES.map((option) => (
            <label key={option.value}>
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={timeframe === option.value}
                onChange={() => setTimeframe(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      </div>
      {chart.isLoading && <Loading label="Loading chart…" />}
      {chart.isError && <Alert tone="error">{describeError(chart.error, (status) => `Failed to load the chart${status ? ` (${status})` : ''}.`)}</Alert>}
      {data && <ChartBody data={data} />}
    </section>
  );
}

function ChartBody({ data }: { data: TradeChartData }) {
  const zone = data.time_zone;
  const e = data.excursions;
  const range = data.opening_range;
  const clock = (iso: string) => DateTime.fromISO(iso, { zone }).toFormat('h:mm a');
  return (
    <>
      <dl className={styles.figures}>
        <div>
          <dt>MAE</dt>
          <dd>{e ? moneyAndR(e.mae_money === null ? null : -e.mae_money, e.mae_r === null ? null : -e.mae_r) : '—'}</dd>
        </div>
        <div>
          <dt>MFE</dt>
          <dd>{e ? moneyAndR(e.mfe_money, e.mfe_r) : '—'}</dd>
        </div>
        <div>
          <dt>R left on the table</dt>
          <dd>{e ? moneyAndR(e.left_on_table_money, e.left_on_table_r) : '—'}</dd>
        </div>
        <div>
          <dt>Time in trade</dt>
          <dd>{formatDurationMs(data.time_in_trade_ms)}</dd>
        </div>
        {range && (
          <div>
            <dt>Opening range</dt>
            <dd>
              {formatPrice(range.low)} – {formatPrice(range.high)} ({clock(range.from)} – {clock(range.to)})
            </dd>
          </div>
        )}
      </dl>
      {data.bars_status === 'unavailable' ? (
        <p className={styles.unavailable} role="status">
          Bars unavailable: {data.unavailable_reason ?? 'no market data for this trade.'}
        </p>
      ) : (
        <>
          <p className={styles.zone}>Times in {zone}</p>
          <p className="visually-hidden">
            Candlestick chart of {data.instrument} at {data.timeframe}-minute bars with the entry, exit, stop and target
            {range ? ', the opening range' : ''} and the trading sessions shaded. Its prices are in the table below.
          </p>
          <TradeChartCanvas data={data} />
          <PriceTable data={data} />
        </>
      )}
    </>
  );
}

/** The chart's bars as a table: each bar's time, session, prices and the marks that fall in it. */
function PriceTable({ data }: { data: TradeChartData }) {
  const zone = data.time_zone;
  const rows = useMemo(() => {
    const span = Number(data.timeframe) * 60_000;
    const first = data.bars[0];
    const last = data.bars.at(-1);
    const days = first && last && DateTime.fromMillis(first.t, { zone }).toISODate() !== DateTime.fromMillis(last.t, { zone }).toISODate();
    const levels = data.markers.filter((m) => m.time === null);
    return data.bars.map((bar, index) => {
      const at = DateTime.fromMillis(bar.t, { zone });
      const session = data.sessions.find((s) => Date.parse(s.from) <= bar.t && bar.t < Date.parse(s.to));
      const marks = data.markers
        .filter((m) => m.time !== null && Date.parse(m.time) >= bar.t && Date.parse(m.time) < bar.t + span)
        .map((m) => `${MARK_LABELS[m.kind]} ${formatPrice(m.price)}`);
      // Stop and target are levels, not moments: listed once, on the first bar.
      if (index === 0) marks.push(...levels.map((m) => `${MARK_LABELS[m.kind]} level ${formatPrice(m.price)}`));
      return {
        key: String(bar.t),
        cells: [
          at.toFormat(days ? 'LLL d, h:mm a' : 'h:mm a'),
          session?.label ?? '—',
          formatPrice(bar.o),
          formatPrice(bar.h),
          formatPrice(bar.l),
          formatPrice(bar.c),
          marks.join(', '),
        ] as const,
      };
    });
  }, [data, zone]);
  return (
    <ChartDataTable
      subject="the trade's prices"
      caption={`${data.instrument} ${data.timeframe}-minute bars (${zone}): session, open, high, low, close and the trade's marks`}
      columns={['Time', 'Session', 'Open', 'High', 'Low', 'Close', 'Marks']}
      rows={rows}
    />
  );
}
