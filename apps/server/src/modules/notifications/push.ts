import { isIP } from 'node:net';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushSubscriptionBody, PushSubscriptionResponse, PushUnsubscribeBody } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { VapidDetails } from './vapid.ts';

/** Browsers one member may have push on in; subscribing in one more drops the least recent. */
export const MAX_PUSH_DEVICES = 20;
/** A push the device cannot take within a day is dropped by its push service: it is news by then. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The server posts to whatever endpoint a member sends, so only an https push service is taken:
 * never plain http, and in production never an address or a loopback name (which would point
 * the server at its own network). Tests and development run a fake push service on localhost.
 */
function checkEndpoint(ctx: AppContext, endpoint: string) {
  const url = new URL(endpoint);
  const local = LOOPBACK.has(url.hostname);
  const production = ctx.config.NODE_ENV === 'production';
  if (url.protocol === 'https:' && !(production && (local || isIP(url.hostname.replace(/^\[|\]$/g, ''))))) return;
  if (url.protocol === 'http:' && local && !production) return;
  throw AppError.invalid('endpoint', 'The push endpoint must be an https address.');
}

const decodedLength = (value: string) => Buffer.from(value, 'base64url').length;

/** Adds the browser to the member's devices, or moves it to them when another member had it. */
export async function subscribePush(ctx: AppContext, userId: string, body: PushSubscriptionBody): Promise<PushSubscriptionResponse> {
  checkEndpoint(ctx, body.endpoint);
  const p256dh = Buffer.from(body.keys.p256dh, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 4) {
    throw AppError.invalid('keys.p256dh', 'The p256dh key must be a P-256 public key in base64url.');
  }
  if (decodedLength(body.keys.auth) !== 16) throw AppError.invalid('keys.auth', 'The auth secret must be 16 bytes in base64url.');
  const now = ctx.now();
  const keys = { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, updatedAt: now };
  const [row] = await ctx.db
    .insert(pushSubscriptions)
    .values({ endpoint: body.endpoint, ...keys, createdAt: now })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: keys })
    .returning();
  const kept = ctx.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
    .limit(MAX_PUSH_DEVICES);
  await ctx.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  return { data: { id: row!.id, endpoint: row!.endpoint, created_at: row!.createdAt.toISOString() } };
}

export async function unsubscribePush(ctx: AppContext, userId: string, body: PushUnsubscribeBody) {
  const removed = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, body.endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new AppError('not_found', 'Push subscription not found.');
  return { message: 'Push notifications are off on this device.' };
}

/** What a push carries; the service worker (apps/web/public/sw.js) shows it and opens `url`. */
export type PushMessage = { title: string; body: string; url: string; tag: string };

export type PushOutcome = {
  /** Subscriptions that took the push. */
  reached: number[];
  /** The first failure of those that did not and may later (a 5xx, a timeout), or null. */
  failure: string | null;
};

/**
 * Sends one push to each of the member's subscriptions not in `already` (reached by an earlier
 * try). A subscription whose push service answers 404 or 410 has ended (the member revoked the
 * permission, the browser dropped it) and is deleted.
 */
export async function pushToDevices(
  ctx: AppContext,
  vapid: VapidDetails,
  userId: string,
  already: readonly number[],
  message: PushMessage,
): Promise<PushOutcome> {
  const devices = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), already.length > 0 ? notInArray(pushSubscriptions.id, [...already]) : undefined));
  const payload = JSON.stringify(message);
  const reached: number[] = [];
  const gone: number[] = [];
  let failure: string | null = null;
  for (const device of devices) {
    try {
      // web-push encrypts and signs; the request goes out through fetch so it has a deadline.
      const request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS },
      );
      const { 'Content-Length': _length, ...headers } = request.headers as Record<string, string>;
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: new Uint8Array(request.body),
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      await answer.body?.cancel();
      if (answer.ok) reached.push(device.id);
      else if (answer.status === 404 || answer.status === 410) gone.push(device.id);
      else failure ??= `The push service answered ${answer.status}.`;
    } catch (error) {
      failure ??= `The push was not sent: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  if (gone.length > 0) await ctx.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  return { reached, failure };
}
