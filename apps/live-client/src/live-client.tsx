import ZoomMtgEmbedded from '@zoom/meetingsdk/embedded';
import { useEffect, useRef, useState } from 'react';
import { fetchSignature, JoinError, storedAccessToken } from './join-api';

type State =
  | { kind: 'connecting' }
  | { kind: 'joined' }
  | { kind: 'left' }
  | { kind: 'problem'; message: string; action: { href: string; label: string } };

/** iPhone, iPad and iPod (iPadOS reports a Mac with a touch screen): the Component View does not run there. */
function isIosDevice(): boolean {
  const agent = navigator.userAgent;
  return (
    /iPhone|iPad|iPod/i.test(agent) || (/Macintosh/i.test(agent) && navigator.maxTouchPoints > 1)
  );
}

/** Zoom rejects with {type, reason, errorCode}; anything else is reported generically. */
function zoomReason(error: unknown): string {
  const reason = (error as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' && reason
    ? `Zoom could not join the meeting: ${reason}`
    : 'Zoom could not join the meeting. Please try again.';
}

function problemFor(error: unknown, sessionPath: string): State {
  if (!(error instanceof JoinError)) {
    return {
      kind: 'problem',
      message: zoomReason(error),
      action: { href: sessionPath, label: 'Back to the session' },
    };
  }
  if (error.status === 401 || error.status === 419) {
    return {
      kind: 'problem',
      message: 'Your sign-in has expired. Sign in again to join this session.',
      action: { href: '/account/login', label: 'Sign in' },
    };
  }
  if (error.status === 403) {
    return {
      kind: 'problem',
      message: error.message,
      action: { href: '/account?notice=suspended', label: 'Manage billing' },
    };
  }
  return {
    kind: 'problem',
    message: error.message,
    action: { href: sessionPath, label: 'Back to the session' },
  };
}

/**
 * Joins the session's Zoom meeting in the Component View. The page is opened by the platform's
 * live session view with ?session={id}; the member's sign-in comes from the shared storage.
 */
export function LiveClient() {
  const sessionId = new URLSearchParams(window.location.search).get('session') ?? '';
  const sessionPath = sessionId ? `/sessions/client/${encodeURIComponent(sessionId)}` : '/sessions';
  const zoomRoot = useRef<HTMLDivElement>(null);
  const started = useRef(false);
  const [state, setState] = useState<State>(() => {
    if (isIosDevice()) {
      return {
        kind: 'problem',
        message: 'This device does not support In Platform streaming.',
        action: { href: sessionPath, label: 'Back to the session' },
      };
    }
    if (!sessionId) {
      return {
        kind: 'problem',
        message: 'Choose a live session to join.',
        action: { href: '/sessions', label: 'Live Sessions' },
      };
    }
    if (!storedAccessToken()) {
      return {
        kind: 'problem',
        message: 'You need to sign in again to join this session.',
        action: { href: '/account/login', label: 'Sign in' },
      };
    }
    return { kind: 'connecting' };
  });

  useEffect(() => {
    const token = storedAccessToken();
    if (isIosDevice()) return;
    // Joining twice would open two Zoom connections for one member.
    if (started.current || !sessionId || !token || !zoomRoot.current) return;
    started.current = true;
    const client = ZoomMtgEmbedded.createClient();
    const root = zoomRoot.current;
    void (async () => {
      try {
        const details = await fetchSignature(sessionId, token);
        await client.init({
          zoomAppRoot: root,
          language: 'en-US',
          patchJsMedia: true,
          leaveOnPageUnload: true,
        });
        await client.join({
          signature: details.signature,
          meetingNumber: details.meetingNumber,
          password: details.passcode,
          userName: details.userName,
          userEmail: details.userEmail,
        });
        client.on('connection-change', (payload: { state?: string }) => {
          if (payload?.state === 'Closed') setState({ kind: 'left' });
        });
        setState({ kind: 'joined' });
      } catch (error) {
        setState(problemFor(error, sessionPath));
      }
    })();
  }, [sessionId, sessionPath]);

  return (
    <div className="live-client">
      <header className="live-client-bar">
        <a className="live-client-back" href={sessionPath}>
          ← Back to the session
        </a>
        <span className="live-client-brand">The Traders Hub · Live</span>
      </header>
      <main className="live-client-main">
        {state.kind === 'connecting' && (
          <p className="live-client-status" role="status">
            Connecting to the live session…
          </p>
        )}
        {state.kind === 'left' && (
          <div className="live-client-panel" role="status">
            <p>You have left the live session.</p>
            <a className="live-client-button" href="/sessions">
              Back to Live Sessions
            </a>
          </div>
        )}
        {state.kind === 'problem' && (
          <div className="live-client-panel" role="alert">
            <p>{state.message}</p>
            <a className="live-client-button" href={state.action.href}>
              {state.action.label}
            </a>
          </div>
        )}
        <div
          ref={zoomRoot}
          className="live-client-zoom"
          aria-label="Live session video"
          hidden={state.kind === 'problem' || state.kind === 'left'}
        />
      </main>
    </div>
  );
}
