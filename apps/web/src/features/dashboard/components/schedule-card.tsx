import { Link } from 'react-router';
import type { LiveSession } from '@th/contracts';
import { formatOccurrence, formatOccurrenceTime, isRecapSession, isSessionLiveNow, nextOccurrence } from '@th/domain';
import { DateTime } from 'luxon';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useDashboardSessions } from '../api/get-live-sessions';
import styles from './dashboard.module.css';

type Props = { now: Date; zone: string };

/** Today's live sessions in the member's zone, the one on air now, and the next one. */
export function ScheduleCard({ now, zone }: Props) {
  const sessions = useDashboardSessions();
  const live = (sessions.data ?? []).filter((s) => !isRecapSession(s));
  const today = DateTime.fromJSDate(now).setZone(zone).toISODate();
  const upcoming = live
    .map((session) => ({ session, at: nextOccurrence(session, now), onAir: isSessionLiveNow(session, now) }))
    .sort((a, b) => Number(b.onAir) - Number(a.onAir) || (a.at?.toMillis() ?? Infinity) - (b.at?.toMillis() ?? Infinity));
  const todays = upcoming.filter(({ at, onAir }) => onAir || (at && at.setZone(zone).toISODate() === today));
  const next = upcoming.find(({ at, onAir }) => !onAir && at);
  const row = ({ session, at, onAir }: { session: LiveSession; at: DateTime | null; onAir: boolean }) => (
    <li key={session.id} className={styles.listItem}>
      <div>
        <span className={styles.sessionTitle}>{session.title}</span>
        <span className="muted">{onAir ? 'On air now' : at ? formatOccurrenceTime(at, zone) : session.schedule}</span>
      </div>
      {onAir ? (
        <Link className="btn btn-primary btn-small" to={paths.liveSessionClient(session.id)}>
          <Badge tone="red">Live now</Badge> Join
        </Link>
      ) : null}
    </li>
  );
  return (
    <Card title="Today's sessions" actions={<Link to={paths.sessions}>All sessions</Link>} className={styles.card}>
      {sessions.isPending && <Loading label="Loading sessions…" />}
      {sessions.isError && <Alert tone="error">Failed to load live sessions.</Alert>}
      {sessions.data &&
        (live.length === 0 ? (
          <p className="muted">No live sessions have been scheduled yet.</p>
        ) : (
          <>
            {todays.length > 0 ? <ul className={styles.list}>{todays.map(row)}</ul> : <p className="muted">No sessions today.</p>}
            {next && (
              <p className={styles.next}>
                Next: <strong>{next.session.title}</strong> · {formatOccurrence(next.at!, zone)}
              </p>
            )}
          </>
        ))}
    </Card>
  );
}
