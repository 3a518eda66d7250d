/**
 * Keeps one account's broker tokens fresh: refreshes when under 30 minutes remain (and once
 * more after a 401), and reports a dead refresh token so the caller can mark the account
 * needs_relink instead of retrying forever.
 */
import { BrokerError, isBrokerError } from './broker-error.ts';
import type { TradeLockerClient } from './client.ts';
import type { BrokerTokens } from './types.ts';

export const REFRESH_MARGIN_MS = 30 * 60_000;

export interface TokenHolderOptions {
  client: Pick<TradeLockerClient, 'refresh'>;
  tokens: BrokerTokens;
  now?: () => number;
  /** Persist new tokens (encrypted) whenever a refresh succeeds. */
  onRefreshed?: (tokens: BrokerTokens) => void | Promise<void>;
  /** The refresh token no longer works: only a new login can help. */
  onRefreshTokenDead?: (error: BrokerError) => void | Promise<void>;
}

export interface TokenHolder {
  current(): BrokerTokens;
  readonly dead: boolean;
  /** A usable access token, refreshing first when it is close to expiry. */
  accessToken(): Promise<string>;
  /** Runs a broker call with a fresh token, refreshing and retrying once after a 401. */
  withAccess<T>(call: (accessToken: string) => Promise<T>): Promise<T>;
}

export function createTokenHolder(options: TokenHolderOptions): TokenHolder {
  const now = options.now ?? Date.now;
  let tokens = options.tokens;
  let dead = false;
  let inFlight: Promise<BrokerTokens> | null = null;

  function relinkError(cause?: BrokerError): BrokerError {
    return new BrokerError('auth', 'The broker session has expired: link the account again', {
      errmsg: cause?.errmsg ?? null,
      status: cause?.status ?? null,
      needsRelink: true,
    });
  }

  async function refreshNow(): Promise<BrokerTokens> {
    if (dead) throw relinkError();
    // One refresh at a time: concurrent callers share it (a refresh token is single-use).
    inFlight ??= (async () => {
      try {
        tokens = await options.client.refresh(tokens.refreshToken);
        await options.onRefreshed?.(tokens);
        return tokens;
      } catch (error) {
        if (isBrokerError(error, 'auth')) {
          dead = true;
          const relink = relinkError(error);
          await options.onRefreshTokenDead?.(relink);
          throw relink;
        }
        throw error;
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  }

  async function accessToken(): Promise<string> {
    if (tokens.expiresAt - now() >= REFRESH_MARGIN_MS) return tokens.accessToken;
    try {
      return (await refreshNow()).accessToken;
    } catch (error) {
      // A failed early refresh (even a dead refresh token, already reported) still leaves
      // the current access token usable until it expires: a running bot keeps its session.
      if (tokens.expiresAt > now()) return tokens.accessToken;
      throw error;
    }
  }

  return {
    current: () => tokens,
    get dead() {
      return dead;
    },
    accessToken,
    async withAccess(call) {
      const token = await accessToken();
      try {
        return await call(token);
      } catch (error) {
        if (!isBrokerError(error, 'auth') || error.needsRelink) throw error;
        return call((await refreshNow()).accessToken);
      }
    },
  };
}
