import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** True when a string anywhere in a parsed value (keys included) holds U+0000. */
function holdsNullCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNullCharacter(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNullCharacter(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000: a path segment, query value or JSON string carrying one
 * would fail in the database as a 500. It is never meaningful input, so it is refused up front.
 */
export function registerRejectNullCharacters(app: FastifyInstance) {
  // A callback hook (a throw here is the request's error, as from an async one): no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNullCharacter(request.params) || holdsNullCharacter(request.query) || holdsNullCharacter(request.body)) {
      throw new AppError('bad_request', 'The request contains a null character, which is not allowed.');
    }
    done();
  });
}
