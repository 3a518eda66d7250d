import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { OverviewRange, Summary } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { useOverview } from '../api/get-overview';
import { formatSummaryMoney, formatWinRate } from '../utils/format';
import { BotTradesTable } from './bot-trades-table';
import styles from './alphaorb.module.css';

export const PERMISSION_MESSAGE =
  "You don't have permission to access this feature. Contact an administrator to inquire about access.";
const RANGES: { value: OverviewRange; label: string }[] = [
  { value: 'day', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'all', label: 'All Time' },
];
const EMPTY: Summary = { totalRevenue: 0, periodRevenue: 0, winRate: 0, wins: 0, totalPositions: 0, currency: 'USD' };

export function PerformanceCards({ summary }: { summary: Summary }) {
  const cards = [
    { label: 'Total revenue', value: formatSummaryMoney(summary.totalRevenue, summary.currency) },
    { label: 'Period revenue', value: formatSummaryMoney(summary.periodRevenue, summary.currency) },
    { label: 'Win rate', value: formatWinRate(summary.winRate) },
    { label: 'Wins', value: String(summary.wins) },
    { label: 'Positions', value: String(summary.totalPositions) },
  ];
  return (
    <div className={styles.cards}>
      {cards.map((c) => (
        <div key={c.label} className={styles.card}>
          <span className={styles.cardLabel}>{c.label}</span>
          <strong className={styles.cardValue}>{c.value}</strong>
        </div>
      ))}
    </div>
  );
}

export function RangeSelector({ value, onChange }: { value: OverviewRange; onChange: (range: OverviewRange) => void }) {
  return (
    <div className={styles.range} role="group" aria-label="Reporting range">
      {RANGES.map((r) => (
        <button key={r.value} type="button" className={styles.rangeButton} aria-pressed={value === r.value} onClick={() => onChange(r.value)}>
          {r.label}
        </button>
      ))}
    </div>
  );
}

/** The AlphaORB dashboard (§2.1); the route decides whether the member may see it. */
export function AlphaorbDashboard({ allowed }: { allowed: boolean }) {
  const [range, setRange] = useState<OverviewRange>('week');
  const overview = useOverview(range, allowed);
  if (!allowed) {
    return (
      <div className={styles.page}>
        <h1>AlphaORB</h1>
        <Alert tone="warning">{PERMISSION_MESSAGE}</Alert>
      </div>
    );
  }
  const data = overview.data;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>AlphaORB</h1>
        <div className={styles.headerActions}>
          <Link className="btn btn-secondary" to={paths.alphaorbBacktest}>
            Backtest
          </Link>
          <Link className="btn btn-primary" to={paths.alphaorbBotCreate}>
            + New bot
          </Link>
        </div>
      </header>
      <RangeSelector value={range} onChange={setRange} />
      {overview.isError && <Alert tone="error">Live metrics are unavailable at the moment. Please retry shortly.</Alert>}
      {overview.isPending ? <Loading label="Loading metrics…" /> : <PerformanceCards summary={data?.summary ?? EMPTY} />}
      <Card title="Bots">
        {data && data.bots.length === 0 && <p className={styles.muted}>No bots yet. Create one to start paper or live trading the opening range.</p>}
        <ul className={styles.botList}>
          {(data?.bots ?? []).map((bot) => (
            <li key={bot.id} className={styles.botItem}>
              <Link to={paths.alphaorbBot(bot.slug)} className={styles.botName}>
                {bot.name}
              </Link>
              <span>
                {bot.instrument} · {bot.start_time} · {bot.timeframe_minutes} min
              </span>
              <span className={styles.flags}>
                <Badge tone={bot.enabled ? 'green' : 'orange'}>{bot.enabled ? 'Enabled' : 'Paused'}</Badge>
                <Badge tone={bot.armed ? 'blue' : 'gray'}>{bot.armed ? 'Armed' : 'Idle'}</Badge>
                {bot.test_mode && <Badge>Test mode</Badge>}
              </span>
              <span className={styles.muted}>
                {bot.upcoming_run ? `Next run ${bot.upcoming_run.scheduled_display}` : bot.last_run ? `Last run ${bot.last_run.scheduled_display}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <Card title="Recent trades">
        <BotTradesTable trades={data?.trades ?? []} showBot />
      </Card>
    </div>
  );
}
