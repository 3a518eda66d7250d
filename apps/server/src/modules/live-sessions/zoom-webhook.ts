import { createHash } from 'node:crypto';
import type { ZoomWebhookAnswer } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { zoomEvents } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { HANDLED_EVENTS, UrlValidation, ZoomEvent } from './zoom-payloads.ts';
import { signatureProblem, urlValidationAnswer } from './zoom-signature.ts';
import { applyZoomEvent } from './zoom-events.ts';
import { notify, type NotifyInput } from '../notifications/index.ts';

export const INVALID_ZOOM_SIGNATURE = 'Invalid signature.';

type Headers = { signature: string | undefined; timestamp: string | undefined };

function parsed(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('bad_request', 'The body is not JSON.');
  }
}

/**
 * Zoom's event endpoint. Every request must carry a valid signature made in the last five
 * minutes, the URL validation challenge included: answering an unsigned challenge would sign
 * any text an attacker chose, and that text could be a forged event's signing string.
 *
 * Applied once: the delivery's id (the body's SHA-256; Zoom sends no event id) is recorded in
 * the same transaction as its effect, so a redelivery or a captured request sent again within
 * the window finds it and changes nothing.
 */
export async function handleZoomWebhook(ctx: AppContext, body: Buffer, headers: Headers): Promise<ZoomWebhookAnswer> {
  const secret = ctx.config.ZOOM_WEBHOOK_SECRET;
  if (!secret) throw new AppError('unavailable', 'Zoom events are not configured.');
  const problem = signatureProblem(secret, headers, body, ctx.now());
  if (problem) {
    ctx.log.warn({ problem }, 'zoom: webhook refused');
    throw new AppError('unauthenticated', INVALID_ZOOM_SIGNATURE);
  }

  const message = parsed(body);
  const challenge = UrlValidation.safeParse(message);
  if (challenge.success) return urlValidationAnswer(secret, challenge.data.payload.plainToken);

  const type = (message as { event?: unknown } | null)?.event;
  if (typeof type !== 'string' || !HANDLED_EVENTS.has(type)) {
    ctx.log.info({ type }, 'zoom: event not handled, acknowledged');
    return { received: true };
  }
  const event = ZoomEvent.safeParse(message);
  if (!event.success) throw new AppError('bad_request', `The ${type} event is missing fields the platform reads.`);

  const id = createHash('sha256').update(body).digest('hex');
  const meetingNumber = event.data.payload.object.id;
  let notices: NotifyInput[] = [];
  const answer = await ctx.db.transaction(async (tx): Promise<ZoomWebhookAnswer> => {
    const [recorded] = await tx
      .insert(zoomEvents)
      .values({ id, type, meetingNumber, receivedAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ id: zoomEvents.id });
    if (!recorded) return { received: true, duplicate: true };
    const applied = await applyZoomEvent(ctx, tx, event.data);
    if (!applied) ctx.log.warn({ meetingNumber, type }, 'zoom: event for a meeting no session uses; ignored');
    notices = applied ?? [];
    return { received: true };
  });
  // After the commit: members are told only of what happened. A failure here is logged; the
  // event stays applied, and notify's keys make a later retry of the same notice harmless.
  for (const notice of notices) {
    try {
      await notify(ctx, notice);
    } catch (error) {
      ctx.log.error({ err: error, kind: notice.kind }, 'zoom: members could not be notified');
      ctx.errors.capture(error, { job: 'notify' });
    }
  }
  return answer;
}
