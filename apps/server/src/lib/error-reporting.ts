/**
 * Unexpected server errors reach operators in any Sentry-compatible service (Sentry, GlitchTip,
 * self-hosted Sentry) when SENTRY_DSN is set; without it nothing is sent and nothing is loaded
 * beyond this module. Built on @sentry/core (the SDK's engine: envelopes, rate limits, the
 * transport contract) rather than @sentry/node, whose install pulls a bundler toolchain. What is
 * sent: the error's type, message and stack, the route pattern and method, the release and
 * environment; never headers, cookies, bodies, query strings or who the member is.
 */
import {
  Client,
  createStackParser,
  createTransport,
  eventFromMessage,
  eventFromUnknownInput,
  resolvedSyncPromise,
  type BaseTransportOptions,
  type ClientOptions,
  type ErrorEvent,
  type Event,
  type EventHint,
  type ParameterizedString,
  type SeverityLevel,
  type StackFrame,
  type StackLineParser,
  type TransportRequest,
} from '@sentry/core';

export type ErrorReporter = {
  /** Reports an error that answered 500 (or broke a job); never throws, never waits. */
  capture(error: unknown, context: { route?: string; method?: string; job?: string }): void;
  /** Sends what is queued (at shutdown). */
  flush(timeoutMs?: number): Promise<void>;
};

const NOTHING: ErrorReporter = { capture: () => undefined, flush: async () => undefined };

/** V8 stack lines: `    at fn (file:line:col)` or `    at file:line:col`. */
const v8Line: StackLineParser = [
  50,
  (line) => {
    const match = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line);
    if (!match) return undefined;
    const file = match[2]!.replace(/^file:\/\//, '');
    const frame: StackFrame = {
      function: match[1] ?? '?',
      filename: file,
      lineno: Number(match[3]),
      colno: Number(match[4]),
      in_app: !file.includes('/node_modules/') && !file.startsWith('node:'),
    };
    return frame;
  },
];

class ServerErrorClient extends Client<ClientOptions> {
  constructor(options: ClientOptions) {
    super(options);
  }

  eventFromException(exception: unknown, hint?: EventHint): PromiseLike<Event> {
    return resolvedSyncPromise(eventFromUnknownInput(this, this._options.stackParser, exception, hint));
  }

  eventFromMessage(message: ParameterizedString, level?: SeverityLevel, hint?: EventHint): PromiseLike<Event> {
    return resolvedSyncPromise(eventFromMessage(this._options.stackParser, message, level, hint));
  }
}

/** Events leave with what identifies the failure and nothing a member sent or is. */
function scrubbed(event: ErrorEvent): ErrorEvent {
  delete event.request;
  delete event.user;
  delete event.breadcrumbs;
  return event;
}

export function createErrorReporter(options: { dsn: string | undefined; environment: string; release?: string }): ErrorReporter {
  if (!options.dsn) return NOTHING;
  const client = new ServerErrorClient({
    dsn: options.dsn,
    environment: options.environment,
    release: options.release,
    integrations: [],
    stackParser: createStackParser(v8Line),
    beforeSend: scrubbed,
    transport: (transportOptions: BaseTransportOptions) =>
      createTransport(transportOptions, async (request: TransportRequest) => {
        const response = await fetch(transportOptions.url, {
          method: 'POST',
          // A fresh copy types as a plain ArrayBuffer view, which every fetch typing accepts.
          body: typeof request.body === 'string' ? request.body : new Uint8Array(request.body),
          signal: AbortSignal.timeout(10_000),
        });
        return {
          statusCode: response.status,
          headers: {
            'x-sentry-rate-limits': response.headers.get('X-Sentry-Rate-Limits'),
            'retry-after': response.headers.get('Retry-After'),
          },
        };
      }),
  });
  client.init();
  return {
    capture(error, context) {
      client.captureException(error, {
        captureContext: { tags: { ...(context.route && { route: context.route }), ...(context.method && { method: context.method }), ...(context.job && { job: context.job }) } },
      });
    },
    async flush(timeoutMs = 2_000) {
      await client.flush(timeoutMs);
    },
  };
}
