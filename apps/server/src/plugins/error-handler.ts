import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, statusOf } from '../errors.ts';
import type { ErrorReporter } from '../lib/error-reporting.ts';

type Issue = { instancePath: string; message?: string };

/** Turns schema issues into the spec's 422 body: `{message, errors: {field: [msg]}}`. */
function fieldErrors(issues: Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    (errors[field] ??= []).push(issue.message ?? 'This value is invalid.');
  }
  return errors;
}

const CONNECTION_ERRORS = new Set([
  ...['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'],
  // too_many_connections, admin_shutdown, crash_shutdown, cannot_connect_now
  ...['53300', '57P01', '57P02', '57P03'],
]);
const CONNECTION_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|is not currently accepting connections/;

/**
 * PostgreSQL unreachable or the connection cut (restart, failover, too many clients): a
 * passing outage the client can retry, not a bug. Drizzle wraps driver errors in `cause`.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_ERRORS.has(code) || code.startsWith('08'))) return true;
    if (CONNECTION_MESSAGES.test(e.message)) return true;
  }
  return false;
}

export function registerErrorHandler(app: FastifyInstance, errors: ErrorReporter) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(statusOf[error.code])
        .send(error.fields ? { message: error.message, errors: error.fields } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation as Issue[]);
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.status(422).send({ message: first, errors });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: error.message });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request is too large.'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Send the request as JSON.'
            : error.statusCode === 400
              ? 'The request could not be read. Check that it is valid JSON.'
              : error.message;
      return reply.status(error.statusCode).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ message: 'The service is briefly unavailable. Please try again in a moment.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    errors.capture(error, { route: request.routeOptions.url ?? 'unmatched', method: request.method });
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
