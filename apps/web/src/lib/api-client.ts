import {
  CLIENT_VERSION,
  type ApiEndpoint,
  type EndpointTypes,
  type QueryValue,
} from '@th/contracts/client';
import { brand } from '@/config/brand';
import { accessToken } from './auth-storage';
import { raiseMembershipNotice } from './membership-notice';
import { withNext } from './next-path';
import { forceLogout } from './session-events';
import { paths } from '@/config/paths';

/** A failed call: status plus whatever the server said. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
    readonly fieldErrors: Record<string, string[]>,
    readonly body: unknown,
    /** A 429's Retry-After, in seconds, when the server sent one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(serverMessage ?? `Request failed (${status})`);
  }

  /** The server's message, else its joined field errors, else the caller's fallback. */
  describe(fallback: string): string {
    const joined = Object.values(this.fieldErrors).flat().join(' ');
    return this.serverMessage || joined || fallback;
  }
}

/** Network failure: no answer at all. */
export class NetworkError extends Error {}

/**
 * The one way to put a failed call into words: the server's message (or its field errors) for
 * an answer, else the caller's fallback — for a network failure or anything unexpected too, so
 * an error path always renders a message. A fallback that names the status (the spec's
 * `Failed to load trades (${status})`) is a function of it: the answer's status, null without one.
 */
export function describeError(
  error: unknown,
  fallback: string | ((status: number | null) => string),
): string {
  const status = error instanceof ApiError ? error.status : null;
  const text = typeof fallback === 'string' ? fallback : fallback(status);
  return error instanceof ApiError ? error.describe(text) : text;
}

/**
 * A failure in the spec's words for its status alone, where the spec's text leaves the server's
 * message out (the levels' `Failed to load levels (${status})` even when the answer carries
 * one): the answer's status, null without one. Everywhere else use describeError.
 */
export function describeStatus(error: unknown, words: (status: number | null) => string): string {
  return words(error instanceof ApiError ? error.status : null);
}

export const AUTH_FAILURE_STATUSES = [401, 419, 440];
const RETRY_DEFAULT_SECONDS = 2;
// The spec's exemptions, plus the staff console: its 403s mean a missing staff permission, not
// an inactive membership; and the community: its 403s mean a moderator's mute or suspension or a
// read-only channel, which its pages put into words (an inactive membership still meets the
// route guard, which reads the profile, before any community page loads).
const PROFILE_PATH = '/api/me';
const GUARD_EXEMPT = [PROFILE_PATH, '/api/logout', '/api/alphaorb', '/api/staff', '/api/community'];

type Options = {
  method?: ApiEndpoint['method'];
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * 'sign-in': the daily log's and the journal's rule (tools §6, §8.2): 401, 403, 419 and 440
   * sign the member out to the sign-in page, which brings them back here afterwards. The journal
   * calls (/api/journals) always follow it.
   * 'guard': a call a route loader sends before the profile has answered (app/calls-before-profile.ts):
   * its refusal moves no one, since the membership guard acts on the profile's own answer.
   */
  authFailure?: AuthFailureRule;
};

export type AuthFailureRule = 'sign-in' | 'guard';

/** tools §6: the statuses on which the daily log and the journal calls sign the member out. */
export const SIGN_IN_AGAIN_STATUSES = [401, 403, 419, 440];
const JOURNAL_PATH = '/api/journals';

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

async function ensureXsrfCookie() {
  if (readCookie('XSRF-TOKEN')) return;
  await fetch(`${brand.apiHost}/sanctum/csrf-cookie`, { credentials: 'include' });
}

export function apiUrl(path: string, query?: Options['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${brand.apiHost}${path}${search ? `?${search}` : ''}`;
}

async function send(path: string, options: Options): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Client-Version': CLIENT_VERSION,
  };
  const token = accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET') {
    await ensureXsrfCookie();
    headers['X-XSRF-TOKEN'] = readCookie('XSRF-TOKEN') ?? '';
    headers['X-Requested-With'] = 'XMLHttpRequest';
  }
  // Uploads go as multipart form data: the browser sets that content type with its boundary.
  const form = options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(apiUrl(path, options.query), {
      method,
      headers,
      credentials: 'include',
      body:
        options.body === undefined
          ? undefined
          : form
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError('Unable to reach the server. Check your connection and try again.');
  }
}

async function parse(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The one way the SPA calls the API. It applies every cross-cutting rule of spec §7: bearer
 * token, credentials, XSRF and requested-with headers on writes, the client version, a single
 * Retry-After retry on 429 of the profile call, forced logout on 401/419/440 from /api/me, and the membership
 * guard on 403 (except /api/me, /api/logout, /api/alphaorb, /api/staff and /api/community, which handle 403 themselves).
 */
async function apiRequest<T>(path: string, options: Options = {}): Promise<T> {
  let response = await send(path, options);
  // Only the profile call waits and retries (spec §7, §8): anything else a member started shows
  // the server's "Too many attempts…" at once instead of spinning for a minute.
  if (response.status === 429 && path === PROFILE_PATH && (options.method ?? 'GET') === 'GET') {
    const wait = Number(response.headers.get('Retry-After')) || RETRY_DEFAULT_SECONDS;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    response = await send(path, options);
  }
  const body = await parse(response);
  if (response.ok) return body as T;

  const record = (typeof body === 'object' && body !== null ? body : {}) as {
    message?: unknown;
    errors?: Record<string, string[]>;
  };
  const serverMessage =
    typeof record.message === 'string' && record.message
      ? record.message
      : typeof body === 'string' && body
        ? body
        : null;
  const retryAfter = Number(response.headers.get('Retry-After'));
  const error = new ApiError(
    response.status,
    serverMessage,
    record.errors ?? {},
    body,
    response.status === 429 && retryAfter > 0 ? retryAfter : null,
  );

  // One answer, one redirect: a call that signs the member out on failure never also raises the
  // membership notice (which would send them to the account area at the same time).
  if (options.authFailure === 'guard') throw error;
  const signInAgain = options.authFailure === 'sign-in' || path.startsWith(JOURNAL_PATH);
  if (signInAgain && SIGN_IN_AGAIN_STATUSES.includes(response.status)) {
    forceLogout(withNext(paths.login, `${window.location.pathname}${window.location.search}`));
  } else if (path === PROFILE_PATH && AUTH_FAILURE_STATUSES.includes(response.status)) {
    forceLogout();
  } else if (response.status === 403 && !GUARD_EXEMPT.some((prefix) => path.startsWith(prefix))) {
    raiseMembershipNotice(serverMessage ?? undefined);
  }
  throw error;
}

type TypesOf<E extends ApiEndpoint> = NonNullable<E['types']>;
/** What an endpoint answers, by the schema of its success status. */
export type ApiResponse<E extends ApiEndpoint> = TypesOf<E>['response'];
/** An endpoint's query string, as the server's schema reads it. */
export type ApiQuery<E extends ApiEndpoint> = NonNullable<TypesOf<E>['query']>;
export type ApiBody<E extends ApiEndpoint> = TypesOf<E>['body'];

// A part the endpoint does not take cannot be given; one it requires must be.
type Part<K extends string, V> = [V] extends [undefined]
  ? { [P in K]?: never }
  : Partial<V> extends V
    ? { [P in K]?: V }
    : { [P in K]: V };
type CallOptions<T extends EndpointTypes> = Part<'params', T['params']> &
  Part<'query', T['query']> &
  // An endpoint without a JSON body may take a multipart form (uploads).
  ([T['body']] extends [undefined] ? { body?: FormData } : Part<'body', T['body']>) &
  Pick<Options, 'signal' | 'authFailure'>;
type CallArgs<E extends ApiEndpoint> =
  Partial<CallOptions<TypesOf<E>>> extends CallOptions<TypesOf<E>>
    ? [options?: CallOptions<TypesOf<E>>]
    : [options: CallOptions<TypesOf<E>>];

/** An endpoint's path with its `:name` segments filled in, each encoded. */
export function endpointPath(endpoint: ApiEndpoint, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/:([A-Za-z_]\w*)/g, (_segment, name: string) => {
    if (params[name] === undefined || params[name] === null)
      throw new Error(`${endpoint.path}: missing ${name}`);
    return encodeURIComponent(String(params[name]));
  });
}

export const api = {
  /**
   * Calls an endpoint defined in @th/contracts: path parameters filled and encoded, the query
   * serialised by `apiUrl`, and the answer typed by the endpoint's response schema. Writes
   * without a body send `{}`, as the server's JSON parser expects a body on them.
   */
  call: <E extends ApiEndpoint>(
    endpoint: E,
    ...[options]: CallArgs<E>
  ): Promise<ApiResponse<E>> => {
    const { params, query, body, signal, authFailure } = (options ?? {}) as {
      params?: Record<string, unknown>;
      query?: Options['query'];
      body?: unknown;
    } & Pick<Options, 'signal' | 'authFailure'>;
    const writes = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
    return apiRequest<ApiResponse<E>>(endpointPath(endpoint, params), {
      method: endpoint.method,
      query,
      signal,
      ...(writes || body !== undefined ? { body: body ?? {} } : {}),
      ...(authFailure ? { authFailure } : {}),
    });
  },
  /**
   * A GET endpoint that answers a file (a ZIP, an image) rather than JSON: the bytes as a Blob,
   * sent with the same headers as `call`; a failed answer throws the same ApiError.
   */
  download: async <E extends ApiEndpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<Blob> => {
    const { params, query, signal } = (options ?? {}) as { params?: Record<string, unknown> } & Pick<Options, 'signal' | 'query'>;
    const response = await send(endpointPath(endpoint, params), { method: endpoint.method, query, signal });
    if (response.ok) return response.blob();
    const body = await parse(response);
    const record = (typeof body === 'object' && body !== null ? body : {}) as { message?: unknown; errors?: Record<string, string[]> };
    const message = typeof record.message === 'string' && record.message ? record.message : null;
    throw new ApiError(response.status, message, record.errors ?? {}, body);
  },
  /**
   * A GET endpoint that answers Server-Sent Events (text/event-stream), read through fetch so
   * the bearer token goes with it (EventSource cannot send headers): `onEvent` gets each event's
   * name and data until the stream ends or `signal` aborts. Resolves when the stream ends; a
   * failed answer throws the same ApiError as `call`.
   */
  events: async <E extends ApiEndpoint>(
    endpoint: E,
    onEvent: (event: { event: string; data: string }) => void,
    ...[options]: CallArgs<E>
  ): Promise<void> => {
    const { params, signal } = (options ?? {}) as { params?: Record<string, unknown> } & Pick<Options, 'signal'>;
    const response = await send(endpointPath(endpoint, params), { method: endpoint.method, signal });
    if (!response.ok || !response.body) {
      const body = await parse(response);
      const record = (typeof body === 'object' && body !== null ? body : {}) as { message?: unknown; errors?: Record<string, string[]> };
      const message = typeof record.message === 'string' && record.message ? record.message : null;
      throw new ApiError(response.status, message, record.errors ?? {}, body);
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (data.length > 0) onEvent({ event, data: data.join('\n') });
        end = buffer.indexOf('\n\n');
      }
    }
  },
};
