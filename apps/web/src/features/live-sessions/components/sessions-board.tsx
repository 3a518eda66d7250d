import { isRecapSession } from '@th/domain';
import type { LiveSession } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Loading } from '@/components/loading';
import { useLiveSessions } from '../api/get-live-sessions';
import { useNow } from '../hooks/use-now';
import { IOS_NOTICE, isIosDevice } from '../utils/is-ios-device';
import { sessionsErrorMessage } from '../utils/sessions-error';
import { SessionCard } from './session-card';
import styles from './live-sessions.module.css';

type ColumnProps = {
  id: string;
  title: string;
  empty: string;
  sessions: LiveSession[];
  now: Date;
  memberZone: string;
  canStream: boolean;
};

function SessionColumn({ id, title, empty, sessions, ...card }: ColumnProps) {
  return (
    <section className={styles.sessionsColumn} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {sessions.length === 0 ? (
        <p className={`${styles.sessionsEmpty} muted`}>{empty}</p>
      ) : (
        sessions.map((session) => <SessionCard key={session.id} session={session} {...card} />)
      )}
    </section>
  );
}

/** The two columns of /sessions: scheduled live sessions and recap sessions. */
export function SessionsBoard({ memberZone }: { memberZone: string }) {
  const query = useLiveSessions();
  const now = useNow();
  const canStream = !isIosDevice();

  return (
    <>
      {!canStream && <Alert tone="info">{IOS_NOTICE}</Alert>}
      {query.isPending ? (
        <Loading label="Loading live sessions…" />
      ) : query.isError ? (
        <Alert tone="error">{sessionsErrorMessage(query.error)}</Alert>
      ) : query.data.length === 0 ? (
        <p className={`${styles.sessionsEmpty} muted`}>No live sessions have been scheduled yet.</p>
      ) : (
        <SessionColumns
          sessions={query.data}
          now={now}
          memberZone={memberZone}
          canStream={canStream}
        />
      )}
    </>
  );
}

function SessionColumns({ sessions, ...card }: Omit<ColumnProps, 'id' | 'title' | 'empty'>) {
  return (
    <>
      <p className={`${styles.sessionsZone} muted`}>Times are shown in your time zone ({card.memberZone}).</p>
      <div className={styles.sessionsColumns}>
        <SessionColumn
          id="live-sessions-heading"
          title="Live sessions"
          empty="No live sessions scheduled."
          sessions={sessions.filter((s) => !isRecapSession(s))}
          {...card}
        />
        <SessionColumn
          id="recap-sessions-heading"
          title="Recap sessions"
          empty="No recap sessions published yet."
          sessions={sessions.filter((s) => isRecapSession(s))}
          {...card}
        />
      </div>
    </>
  );
}
