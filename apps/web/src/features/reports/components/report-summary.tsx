import type { ReportTotals } from '@th/contracts';
import { formatMoney, formatPercent, formatPnl, formatProfitFactor, formatRMultiple, countOf } from '@th/domain';
import styles from './reports.module.css';

const tone = (value: number | null) => (value === null || value === 0 ? '' : value > 0 ? 'positive' : 'negative');

function Stat({ label, value, className, note }: { label: string; value: string; className?: string; note?: string }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd className={className}>{value}</dd>
      {note && <dd className={styles.statNote}>{note}</dd>}
    </div>
  );
}

const streakNote = (totals: ReportTotals) =>
  totals.current_streak.kind === 'none'
    ? 'No current streak'
    : `Current: ${totals.current_streak.length} ${totals.current_streak.kind === 'win' ? 'win' : 'loss'}${totals.current_streak.length === 1 ? '' : totals.current_streak.kind === 'win' ? 's' : 'es'}`;

export function ReportSummary({ totals }: { totals: ReportTotals }) {
  return (
    <dl className={styles.summary} aria-label="Summary">
      <Stat label="Net P&L" value={formatPnl(totals.net)} className={tone(totals.net)} note={`${countOf(totals.trades, 'trade')} · ${countOf(totals.trading_days, 'day')}`} />
      <Stat label="Win rate" value={formatPercent(totals.win_rate)} note={`${totals.wins} wins · ${totals.losses} losses · ${totals.flats} flat`} />
      <Stat label="Profit factor" value={formatProfitFactor(totals.profit_factor)} />
      <Stat label="Expectancy per trade" value={totals.expectancy === null ? '—' : formatPnl(totals.expectancy)} className={tone(totals.expectancy)} />
      <Stat label="Average win" value={totals.average_win === null ? '—' : formatPnl(totals.average_win)} className="positive" />
      <Stat label="Average loss" value={totals.average_loss === null ? '—' : formatPnl(totals.average_loss)} className="negative" />
      <Stat label="Largest win" value={totals.largest_win === null ? '—' : formatPnl(totals.largest_win)} className="positive" />
      <Stat label="Largest loss" value={totals.largest_loss === null ? '—' : formatPnl(totals.largest_loss)} className="negative" />
      <Stat label="Max drawdown" value={totals.max_drawdown === 0 ? formatMoney(0) : `-${formatMoney(totals.max_drawdown)}`} className={tone(-totals.max_drawdown)} />
      <Stat
        label="Average R"
        value={formatRMultiple(totals.average_r)}
        note={totals.trades_with_risk === 0 ? 'No trade with a known risk' : `${countOf(totals.trades_with_risk, 'trade')} with a known risk`}
      />
      <Stat label="Longest win streak" value={String(totals.longest_win_streak)} note={streakNote(totals)} />
      <Stat label="Longest loss streak" value={String(totals.longest_loss_streak)} />
    </dl>
  );
}
