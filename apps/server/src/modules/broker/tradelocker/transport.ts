/**
 * One HTTP exchange with TradeLocker, with the retry policy in one place: 429 is always
 * retried after Retry-After (the broker did not act on it); 5xx, network errors, timeouts and
 * {s:"error"} are retried only for calls that are safe to repeat.
 */
import { BrokerError } from './broker-error.ts';
import { parseBrokerJson, record, str } from './parse.ts';

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  timeoutMs: 15_000,
};

export interface BrokerRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  accessToken?: string;
  accNum?: string;
  /** True when repeating the call cannot do anything twice. */
  idempotent: boolean;
  /** The auth endpoints answer bare objects; /trade/* wraps them in {s, d}. */
  wrapped: boolean;
  /** Login answers bad credentials with 400: treat that as an auth failure. */
  credentialCall?: boolean;
  /** Waits for the client-side rate gate before each attempt. */
  beforeAttempt?: () => Promise<void>;
}

export interface Transport {
  send(request: BrokerRequest): Promise<unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

export function createTransport(options: {
  baseUrl: string;
  developerKey?: string;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
}): Transport {
  const doFetch = options.fetch ?? fetch;
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  const base = options.baseUrl.replace(/\/+$/, '');

  async function attempt(request: BrokerRequest): Promise<unknown> {
    const url = new URL(base + request.path);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.accessToken) headers.authorization = `Bearer ${request.accessToken}`;
    if (request.accNum) headers.accNum = request.accNum;
    if (options.developerKey) headers['developer-api-key'] = options.developerKey;

    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method: request.method,
        headers,
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new BrokerError(
        'unavailable',
        timedOut ? 'TradeLocker did not answer in time' : 'Unable to reach TradeLocker',
      );
    }

    let body: unknown = null;
    try {
      body = text ? parseBrokerJson(text) : null;
    } catch {
      body = null;
    }
    const errmsg = str(record(body).errmsg) ?? str(record(body).message);
    const status = response.status;
    if (status === 429) {
      throw new BrokerError('rate_limited', 'TradeLocker rate limit reached', {
        errmsg,
        status,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      });
    }
    if (status === 401 || status === 403 || (request.credentialCall && status === 400)) {
      throw new BrokerError('auth', errmsg ?? `TradeLocker refused the credentials (${status})`, {
        errmsg,
        status,
      });
    }
    if (status >= 500)
      throw new BrokerError('unavailable', `TradeLocker failed (${status})`, { errmsg, status });
    if (status >= 400)
      throw new BrokerError('rejected', errmsg ?? `TradeLocker rejected the request (${status})`, {
        errmsg,
        status,
      });
    if (body === null || typeof body !== 'object') {
      throw new BrokerError('bad_response', 'TradeLocker sent an unreadable answer', { status });
    }
    const s = str(record(body).s);
    // Even the unwrapped auth endpoints can answer {s:"error"} with a 200.
    if (!request.wrapped && s !== 'error') return body;
    if (s === 'ok') return record(body).d ?? null;
    if (s === 'no_data') return null;
    if (s === 'error')
      throw new BrokerError('rejected', errmsg ?? 'TradeLocker reported an error', {
        errmsg,
        status,
      });
    throw new BrokerError('bad_response', 'TradeLocker answer has no status', { status });
  }

  function shouldRetry(error: BrokerError, request: BrokerRequest): boolean {
    if (error.kind === 'rate_limited') return true;
    if (!request.idempotent) return false;
    if (error.kind === 'unavailable' || error.kind === 'bad_response') return true;
    // A 2xx {s:"error"} on a read is usually transient; a 4xx rejection is not.
    return error.kind === 'rejected' && (error.status ?? 200) < 300;
  }

  return {
    async send(request) {
      for (let n = 1; ; n++) {
        await request.beforeAttempt?.();
        try {
          return await attempt(request);
        } catch (error) {
          if (
            !(error instanceof BrokerError) ||
            n >= policy.attempts ||
            !shouldRetry(error, request)
          )
            throw error;
          const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1));
          const jittered = backoff / 2 + Math.random() * (backoff / 2);
          await sleep(Math.max(jittered, error.retryAfterMs ?? 0));
        }
      }
    },
  };
}
