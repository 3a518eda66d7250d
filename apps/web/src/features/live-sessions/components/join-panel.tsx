import type { LiveSession } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Loading } from '@/components/loading';
import { ApiError, describeError } from '@/lib/api-client';
import { useSessionSignature } from '../api/get-session-signature';
import { IOS_NOTICE } from '../utils/is-ios-device';
import { zoomAppLink } from '../utils/session-display';
import styles from './live-sessions.module.css';

/** The isolated page that runs the Zoom Meeting SDK (apps/live-client). */
const liveClientHref = (id: string) => `/live-client/?session=${encodeURIComponent(id)}`;

/** Meeting number, passcode and Zoom's join page: always enough to join from the Zoom app. */
export function JoinDetails({ session }: { session: LiveSession }) {
  if (!session.meetingNumber) {
    return <p className="muted">The meeting details will appear here before the session starts.</p>;
  }
  return (
    <div className={styles.joinDetails}>
      <h3>Join from the Zoom app</h3>
      <dl>
        <div>
          <dt>Meeting number</dt>
          <dd>{session.meetingNumber}</dd>
        </div>
        {session.passcode && (
          <div>
            <dt>Passcode</dt>
            <dd>{session.passcode}</dd>
          </div>
        )}
      </dl>
      <a
        className="btn btn-secondary btn-small"
        href={zoomAppLink(session.meetingNumber)}
        target="_blank"
        rel="noopener noreferrer"
      >
        Open in the Zoom app
      </a>
    </div>
  );
}

/**
 * Joining a live session: the in-platform client when Zoom is configured for us and the device
 * can run it; otherwise the server's explanation and the details to join from the Zoom app.
 */
export function JoinPanel({ session, canStream }: { session: LiveSession; canStream: boolean }) {
  const hasMeeting = Boolean(session.meetingNumber);
  const signature = useSessionSignature(session.id, canStream && hasMeeting);

  let inPlatform;
  if (!canStream) {
    inPlatform = <Alert tone="info">{IOS_NOTICE}</Alert>;
  } else if (!hasMeeting) {
    inPlatform = null;
  } else if (signature.isPending) {
    inPlatform = <Loading label="Checking In Platform streaming…" />;
  } else if (signature.isError) {
    const error = signature.error;
    const message = describeError(error, (status) =>
      status === null
        ? 'Unable to start In Platform streaming.'
        : `Unable to start In Platform streaming (${status})`,
    );
    inPlatform = (
      <Alert tone={error instanceof ApiError && error.status === 503 ? 'info' : 'error'}>
        {message}
      </Alert>
    );
  } else {
    inPlatform = (
      <p>
        <a className="btn btn-primary" href={liveClientHref(session.id)}>
          Join in Platform
        </a>
        <span className={`${styles.joinHint} muted`}>
          {' '}
          Opens the live room with your camera and microphone controls.
        </span>
      </p>
    );
  }

  return (
    <section className={styles.joinPanel} aria-labelledby="join-heading">
      <h2 id="join-heading">Join the session</h2>
      {inPlatform}
      <JoinDetails session={session} />
    </section>
  );
}
