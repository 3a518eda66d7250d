/**
 * The two calls the live client makes, written for this page alone (it must not pull in the
 * React 19 SPA): read the member's stored sign-in and ask our server for a join signature.
 */

export type SessionSignature = {
  signature: string;
  sdkKey: string;
  meetingNumber: string;
  passcode: string;
  userName: string;
  userEmail: string;
};

/** Same storage keys and validity rule as the SPA (platform §3 "Stored auth"). */
export function storedAccessToken(nowSeconds = Date.now() / 1000): string | null {
  try {
    const auth = JSON.parse(localStorage.getItem('th_auth') ?? 'null') as {
      access?: unknown;
      exp?: unknown;
    } | null;
    if (auth && typeof auth.access === 'string' && Number(auth.exp) > nowSeconds)
      return auth.access;
  } catch {
    // A damaged record counts as no record.
  }
  return localStorage.getItem('th_api_token') || null;
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

export class JoinError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function fetchSignature(sessionId: string, token: string): Promise<SessionSignature> {
  try {
    if (!readCookie('XSRF-TOKEN')) await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
    const response = await fetch(`/api/live-sessions/${encodeURIComponent(sessionId)}/signature`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        'X-XSRF-TOKEN': readCookie('XSRF-TOKEN') ?? '',
        'X-Requested-With': 'XMLHttpRequest',
        'X-Client-Version': '1.0.4',
      },
      body: '{}',
    });
    const body = (await response.json().catch(() => null)) as
      { message?: string } | SessionSignature | null;
    if (response.ok && body && 'signature' in body) return body;
    const message =
      body && 'message' in body && body.message
        ? body.message
        : `Unable to join this session (${response.status}).`;
    throw new JoinError(message, response.status);
  } catch (error) {
    if (error instanceof JoinError) throw error;
    throw new JoinError('Unable to reach the server. Check your connection and try again.', 0);
  }
}
