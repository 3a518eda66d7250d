import { dayStats, formatPercent, formatPnl, MISSING_VALUE } from '@th/domain';
import type { Trade } from '@th/contracts/trades';
import { Card } from '@/components/card';
import styles from './journal.module.css';

/** §2.8 session metrics; a trade at 0 or more counts as a win (§4.3). */
export function SessionMetrics({ trades }: { trades: readonly Trade[] }) {
  const stats = dayStats(trades);
  const tone = stats.net < 0 ? 'negative' : stats.net > 0 ? 'positive' : '';
  const items: Array<[string, string, string?]> = [
    ['Net P/L', formatPnl(stats.net), tone],
    ['Trades', String(stats.trades)],
    ['Average per trade', formatPnl(stats.average)],
    ['Win rate', formatPercent(stats.winRate)],
    ['Wins / Losses', `${stats.wins} / ${stats.losses}`],
    ['Sessions', stats.sessions.length ? stats.sessions.join(', ') : MISSING_VALUE],
  ];
  return (
    <Card title="Session metrics">
      <dl className={styles.metrics}>
        {items.map(([label, value, className]) => (
          <div className={styles.metric} key={label}>
            <dt>{label}</dt>
            <dd className={className}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
