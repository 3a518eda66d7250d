import { Link } from 'react-router';
import type { MarketEvent } from '@th/contracts';
import { DateTime } from 'luxon';
import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useDashboardEvents } from '../api/get-high-impact-events';
import styles from './dashboard.module.css';

const whenOf = (event: MarketEvent, zone: string) =>
  DateTime.fromISO(event.datetime).setZone(zone).setLocale('en-US').toFormat('ccc h:mm a');

/** This week's high-impact events still to come (the rest stay on Market Events). */
export function EventsCard({ now, zone }: { now: Date; zone: string }) {
  const events = useDashboardEvents();
  const upcoming = (events.data ?? [])
    .filter((event) => event.impact === 'High' && new Date(event.datetime).getTime() >= now.getTime() - 60 * 60_000)
    .sort((a, b) => a.timestamp - b.timestamp)
    .slice(0, 6);
  return (
    <Card title="High-impact events this week" actions={<Link to={paths.marketEvents}>All events</Link>} className={styles.card}>
      {events.isPending && <Loading label="Loading market events…" />}
      {events.isError && <Alert tone="error">Unable to retrieve market events.</Alert>}
      {events.data && upcoming.length === 0 && <p className="muted">No high-impact events left this week.</p>}
      {upcoming.length > 0 && (
        <ul className={styles.list}>
          {upcoming.map((event) => (
            <li key={event.id} className={styles.listItem}>
              <span>
                <strong>{event.currency}</strong> {event.title}
              </span>
              <span className="muted">{whenOf(event, zone)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
