/**
 * Access and refresh tokens. Lifetimes follow the reference (1 h access, 7 days refresh) and
 * are measured on the simulator's clock, so tests can expire tokens by moving time.
 */
import { randomBytes } from 'node:crypto';

export const ACCESS_TTL_MS = 60 * 60_000;
export const REFRESH_TTL_MS = 7 * 24 * 60 * 60_000;

interface Grant {
  email: string;
  expiresAt: number;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expireDate: string;
}

export interface Sessions {
  issue(email: string, now: number): TokenPair;
  /** The email behind a live access token, 'expired', or null when unknown. */
  checkAccess(token: string, now: number): string | 'expired' | null;
  /** Rotates a refresh token; null when it is unknown or expired. */
  refresh(token: string, now: number): TokenPair | null;
}

function token(kind: string): string {
  // Looks like a JWT to clients that log or inspect it; only the simulator reads it.
  return `sim.${kind}.${randomBytes(24).toString('base64url')}`;
}

export function createSessions(): Sessions {
  const access = new Map<string, Grant>();
  const refresh = new Map<string, Grant>();
  const issue = (email: string, now: number): TokenPair => {
    const pair = { accessToken: token('access'), refreshToken: token('refresh') };
    access.set(pair.accessToken, { email, expiresAt: now + ACCESS_TTL_MS });
    refresh.set(pair.refreshToken, { email, expiresAt: now + REFRESH_TTL_MS });
    return { ...pair, expireDate: new Date(now + ACCESS_TTL_MS).toISOString() };
  };
  return {
    issue,
    checkAccess(t, now) {
      const grant = access.get(t);
      if (!grant) return null;
      return grant.expiresAt > now ? grant.email : 'expired';
    },
    refresh(t, now) {
      const grant = refresh.get(t);
      if (!grant || grant.expiresAt <= now) return null;
      refresh.delete(t);
      return issue(grant.email, now);
    },
  };
}
