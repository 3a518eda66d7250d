/**
 * The one error type services throw. The code decides the HTTP status in the error handler;
 * the message is written for the person who will read it.
 */
export type ErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'membership_inactive'
  | 'not_found'
  | 'conflict'
  | 'validation'
  | 'csrf_mismatch'
  | 'rate_limited'
  | 'upstream'
  | 'unavailable';

export const statusOf: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  membership_inactive: 403,
  not_found: 404,
  conflict: 409,
  validation: 422,
  csrf_mismatch: 419,
  rate_limited: 429,
  upstream: 502,
  unavailable: 503,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string[]> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string[]>) {
    super(message);
    this.code = code;
    this.fields = fields;
  }

  /** A 422 naming one field, in the same shape as schema validation failures. */
  static invalid(field: string, message: string): AppError {
    return new AppError('validation', message, { [field]: [message] });
  }
}
