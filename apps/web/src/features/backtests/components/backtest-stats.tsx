import type { BacktestStats } from '@th/contracts';
import { formatMoney, formatPercent, formatPnl, countOf } from '@th/domain';
import styles from './backtests.module.css';

const tone = (value: number) => (value > 0 ? styles.pnlPositive : value < 0 ? styles.pnlNegative : undefined);

function Stat({ label, value, detail, className }: { label: string; value: string; detail?: string; className?: string | undefined }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd className={[styles.statValue, className].filter(Boolean).join(' ')}>{value}</dd>
      {detail && <dd className={`${styles.statDetail} muted`}>{detail}</dd>}
    </div>
  );
}

/** The headline numbers of a backtest, as cards. */
export function BacktestStatsCards({ stats }: { stats: BacktestStats }) {
  const exits = stats.exits_by_reason;
  return (
    <dl className={styles.stats}>
      <Stat
        label="Total P&L"
        value={formatPnl(stats.total_pnl)}
        detail={`${formatMoney(stats.fees)} in commission`}
        className={tone(stats.total_pnl)}
      />
      <Stat
        label="Win rate"
        value={formatPercent(stats.win_rate)}
        detail={`${countOf(stats.wins, 'win', 'wins')}, ${countOf(stats.losses, 'loss', 'losses')}`}
      />
      <Stat
        label="Profit factor"
        value={stats.profit_factor === null ? '—' : stats.profit_factor.toFixed(2)}
        detail={stats.profit_factor === null ? 'No losing trades' : `${formatMoney(stats.gross_profit)} won, ${formatMoney(stats.gross_loss)} lost`}
      />
      <Stat
        label="Expectancy"
        value={stats.expectancy_r === null ? '—' : `${stats.expectancy_r.toFixed(2)}R`}
        detail={`${formatPnl(stats.expectancy_money)} per trade`}
        className={tone(stats.expectancy_money)}
      />
      <Stat label="Max drawdown" value={formatMoney(stats.max_drawdown)} className={stats.max_drawdown > 0 ? styles.pnlNegative : undefined} />
      <Stat
        label="Trades per day"
        value={stats.trades_per_day.toFixed(2)}
        detail={`${countOf(stats.trades, 'trade', 'trades')} over ${countOf(stats.trading_days, 'trading day', 'trading days')}`}
      />
      <Stat
        label="Exits"
        value={`${exits.stop} / ${exits.target} / ${exits.session_close}`}
        detail={`Stop ${exits.stop} · Target ${exits.target} · Session close ${exits.session_close}`}
      />
    </dl>
  );
}
