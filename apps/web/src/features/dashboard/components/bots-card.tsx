import { Link } from 'react-router';
import { formatPercent, formatPnl, countOf } from '@th/domain';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useDashboardBots } from '../api/get-bots-overview';
import styles from './dashboard.module.css';

/** AlphaORB at a glance: each bot's state and this week's result. */
export function BotsCard() {
  const overview = useDashboardBots(true);
  return (
    <Card title="AlphaORB bots" actions={<Link to={paths.alphaorb}>Open AlphaORB</Link>} className={styles.card}>
      {overview.isPending && <Loading label="Loading bots…" />}
      {overview.isError && <p className="muted">Live metrics are unavailable at the moment. Please retry shortly.</p>}
      {overview.data &&
        (overview.data.bots.length === 0 ? (
          <div className={styles.cta}>
            <p>No bots yet.</p>
            <Link className="btn btn-primary btn-small" to={paths.alphaorbBotCreate}>
              + New bot
            </Link>
          </div>
        ) : (
          <>
            <p className={styles.botsSummary}>
              This week: <strong className={overview.data.summary.periodRevenue >= 0 ? 'positive' : 'negative'}>{formatPnl(overview.data.summary.periodRevenue)}</strong>{' '}
              · win rate {formatPercent(overview.data.summary.winRate * 100)} · {countOf(overview.data.summary.totalPositions, 'trade')}
            </p>
            <ul className={styles.list}>
              {overview.data.bots.map((bot) => (
                <li key={bot.id} className={styles.listItem}>
                  <Link to={paths.alphaorbBot(bot.slug)}>{bot.label || bot.name}</Link>
                  <span>
                    <Badge tone={bot.enabled ? 'green' : 'gray'}>{bot.enabled ? 'Enabled' : 'Paused'}</Badge>{' '}
                    <Badge tone={bot.armed ? 'blue' : 'gray'}>{bot.armed ? 'Armed' : 'Idle'}</Badge>
                  </span>
                </li>
              ))}
            </ul>
          </>
        ))}
    </Card>
  );
}
