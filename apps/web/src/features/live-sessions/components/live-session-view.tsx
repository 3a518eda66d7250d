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
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { useLiveSessions } from '../api/get-live-sessions';
import { useNow } from '../hooks/use-now';
import { isIosDevice } from '../utils/is-ios-device';
import { expectationsOf } from '../utils/session-display';
import { sessionsErrorMessage } from '../utils/sessions-error';
import { JoinPanel } from './join-panel';
import { ReplayList } from './replay-list';
import styles from './live-sessions.module.css';
import { paths } from '@/config/paths';

function timingText(session: LiveSession, now: Date, memberZone: string): string | null {
  if (isRecapSession(session)) return null;
  if (isSessionLiveNow(session, now)) {
    const end = currentOccurrenceEnd(session, now);
    return end ? `On air until ${formatOccurrenceTime(end, memberZone)}` : 'On air now';
  }
  const next = nextOccurrence(session, now);
  return next ? `Next session: ${formatOccurrence(next, memberZone)}` : null;
}

/** Without a session id: the live sessions to choose from. */
function ChooseSession({ sessions }: { sessions: LiveSession[] }) {
  const live = sessions.filter((s) => !isRecapSession(s));
  return (
    <>
      <Hero title="Live Session" subtitle="Choose a session to join." />
      {live.length === 0 ? (
        <p className="muted">No live sessions scheduled.</p>
      ) : (
        <ul className={styles.sessionPicker}>
          {live.map((session) => (
            <li key={session.id}>
              <Link to={paths.liveSession(session.id)}>{session.title}</Link>
              {session.schedule && <span className="muted"> · {session.schedule}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The live client view of one session (/sessions/client/{id}). */
export function LiveSessionView({
  sessionId,
  memberZone,
}: {
  sessionId: string | undefined;
  memberZone: string;
}) {
  const query = useLiveSessions();
  const now = useNow();

  if (query.isPending) return <Loading label="Loading live session…" />;
  if (query.isError) return <Alert tone="error">{sessionsErrorMessage(query.error)}</Alert>;
  if (!sessionId) return <ChooseSession sessions={query.data} />;

  const session = query.data.find((s) => s.id === sessionId);
  if (!session) {
    return (
      <>
        <Hero title="Live Session" />
        <Alert tone="error">This live session could not be found.</Alert>
        <p>
          <Link to={paths.sessions}>Back to Live Sessions</Link>
        </p>
      </>
    );
  }

  const recap = isRecapSession(session);
  const timing = timingText(session, now, memberZone);
  return (
    <div className={styles.liveSessionView}>
      <Hero title={session.title} subtitle={session.schedule}>
        {isSessionLiveNow(session, now) && <Badge tone="red">Live now</Badge>}
      </Hero>
      <p>
        <Link to={paths.sessions}>← All live sessions</Link>
      </p>
      {timing && <p className={styles.sessionWhen}>{timing}</p>}

      {recap ? (
        <p className="muted">
          Recap sessions have no live meeting to join. Watch the replays instead.
        </p>
      ) : (
        <JoinPanel session={session} canStream={!isIosDevice()} />
      )}

      <section aria-labelledby="expect-heading">
        <h2 id="expect-heading">What to expect</h2>
        <ul className={styles.sessionExpectations}>
          {expectationsOf(session).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="replays-heading">
        <h2 id="replays-heading">Replays</h2>
        <ReplayList replays={session.replays} memberZone={memberZone} />
      </section>
    </div>
  );
}
