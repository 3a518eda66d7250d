import { Link } from 'react-router';
import {
  currentOccurrenceEnd,
  formatOccurrence,
  formatOccurrenceTime,
  isRecapSession,
  isSessionLiveNow,
  nextOccurrence,
} from '@th/domain';
import type { LiveSession } from '@th/contracts';
import { Badge } from '@/components/badge';
import { mediaUrl } from '@/lib/media';
import { expectationsOf, MAX_REPLAYS_SHOWN } from '../utils/session-display';
import { ReplayList } from './replay-list';
import styles from './live-sessions.module.css';
import { paths } from '@/config/paths';

type Props = {
  session: LiveSession;
  now: Date;
  memberZone: string;
  /** iOS cannot run the in-platform client, so the button is not offered there. */
  canStream: boolean;
};

/** When the session is on: live now (until when), or its next start in the member's zone. */
function SessionTiming({ session, now, memberZone }: Omit<Props, 'canStream'>) {
  if (isRecapSession(session)) return null;
  if (isSessionLiveNow(session, now)) {
    const end = currentOccurrenceEnd(session, now);
    return end ? (
      <p className={styles.sessionWhen}>On air until {formatOccurrenceTime(end, memberZone)}</p>
    ) : null;
  }
  const next = nextOccurrence(session, now);
  if (!next) return null;
  return (
    <p className={styles.sessionWhen}>
      Next session:{' '}
      <time dateTime={next.toISO() ?? undefined}>{formatOccurrence(next, memberZone)}</time>
    </p>
  );
}

export function SessionCard({ session, now, memberZone, canStream }: Props) {
  const live = isSessionLiveNow(session, now);
  const headingId = `session-${session.id}`;
  return (
    <article
      className={live ? `${styles.sessionCard} ${styles.sessionCardLive}` : styles.sessionCard}
      aria-labelledby={headingId}
    >
      {session.image && <img className={styles.sessionImage} src={mediaUrl(session.image)} alt="" loading="lazy" />}
      <div className={styles.sessionBody}>
        <header className={styles.sessionHeader}>
          <h3 id={headingId}>{session.title}</h3>
          {live && <Badge tone="red">Live now</Badge>}
        </header>
        {session.schedule && <p className={`${styles.sessionSchedule} muted`}>{session.schedule}</p>}
        <SessionTiming session={session} now={now} memberZone={memberZone} />

        <h4 className={styles.sessionSubheading}>What to expect</h4>
        <ul className={styles.sessionExpectations}>
          {expectationsOf(session).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>

        {canStream && (
          <Link
            className={`${styles.sessionOpen} btn btn-primary`}
            to={paths.liveSession(session.id)}
            aria-describedby={headingId}
          >
            Open in Platform
          </Link>
        )}

        <h4 className={styles.sessionSubheading}>Replays</h4>
        <ReplayList replays={session.replays} memberZone={memberZone} limit={MAX_REPLAYS_SHOWN} />
      </div>
    </article>
  );
}
