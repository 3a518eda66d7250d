import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/secrets.ts';

/** Zoom signs the time it sent a request; older or later than this is refused as a replay. */
export const ZOOM_TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

const hex = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('hex');

/** Zoom's x-zm-signature: "v0=" + HMAC-SHA256(secret token, "v0:{timestamp}:{raw body}") in hex. */
export function zoomSignature(secret: string, timestamp: string, body: Buffer | string): string {
  return `v0=${hex(secret, `v0:${timestamp}:${body.toString()}`)}`;
}

/** The endpoint.url_validation answer: the plain token and its HMAC-SHA256 under the secret, hex. */
export function urlValidationAnswer(secret: string, plainToken: string) {
  return { plainToken, encryptedToken: hex(secret, plainToken) };
}

export type SignatureProblem = 'missing' | 'stale' | 'mismatch';

/**
 * Checks a delivery: both headers present, the timestamp (Unix seconds) within five minutes of
 * our clock either way, and the signature equal in constant time. Null when it is genuine.
 */
export function signatureProblem(
  secret: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  body: Buffer,
  now: Date,
): SignatureProblem | null {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return 'missing';
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > ZOOM_TIMESTAMP_TOLERANCE_SECONDS) return 'stale';
  return safeEqual(zoomSignature(secret, timestamp, body), signature) ? null : 'mismatch';
}
