/**
 * The one error the TradeLocker client throws. `kind` tells the caller what to do: auth →
 * refresh or relink, rate_limited / unavailable → try later, rejected → show the broker's
 * errmsg, bad_response → the broker answered something we cannot read.
 */
export type BrokerErrorKind = 'auth' | 'rate_limited' | 'unavailable' | 'rejected' | 'bad_response';

export class BrokerError extends Error {
  readonly kind: BrokerErrorKind;
  /** The broker's own message (its errmsg), when it sent one. */
  readonly errmsg: string | null;
  readonly status: number | null;
  readonly retryAfterMs: number | null;
  /** Set when the refresh token is dead: only a new login (a relink) can help. */
  readonly needsRelink: boolean;

  constructor(
    kind: BrokerErrorKind,
    message: string,
    details: {
      errmsg?: string | null;
      status?: number | null;
      retryAfterMs?: number | null;
      needsRelink?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'BrokerError';
    this.kind = kind;
    this.errmsg = details.errmsg ?? null;
    this.status = details.status ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.needsRelink = details.needsRelink ?? false;
  }
}

export function isBrokerError(error: unknown, kind?: BrokerErrorKind): error is BrokerError {
  return error instanceof BrokerError && (kind === undefined || error.kind === kind);
}
