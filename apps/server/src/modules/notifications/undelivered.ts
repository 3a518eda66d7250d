import { and, count, desc, eq, gt, or } from 'drizzle-orm';
import type { UndeliveredNotificationsResponse } from '@th/contracts';
import { displayName } from '@th/domain';
import type { AppContext, AuthContext } from '../../context.ts';
import { notificationDeliveries, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../staff/index.ts';
import { MAX_ATTEMPTS } from './delivery.ts';
import { sendDueNotificationsNow } from './notify.ts';

const SHOWN = 200;

/** Failed for good, or tried at least once and waiting for the next try. */
const undelivered = or(
  eq(notificationDeliveries.status, 'failed'),
  and(eq(notificationDeliveries.status, 'pending'), gt(notificationDeliveries.attempts, 0)),
);

/** Staff's list: e-mails and pushes that failed or wait for a retry, newest first. */
export async function listUndelivered(ctx: AppContext): Promise<UndeliveredNotificationsResponse> {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        delivery: notificationDeliveries,
        member: { id: users.id, first_name: users.firstName, last_name: users.lastName, email: users.email },
      })
      .from(notificationDeliveries)
      .innerJoin(users, eq(users.id, notificationDeliveries.userId))
      .where(undelivered)
      .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
      .limit(SHOWN),
    ctx.db.select({ n: count() }).from(notificationDeliveries).where(undelivered),
  ]);
  return {
    data: rows.map(({ delivery, member }) => ({
      id: delivery.id,
      member: { id: member.id, name: displayName(member), email: member.email },
      kind: delivery.kind,
      channel: delivery.channel,
      title: delivery.title,
      status: delivery.status === 'failed' ? 'failed' : 'waiting',
      attempts: delivery.attempts,
      max_attempts: MAX_ATTEMPTS,
      last_error: delivery.lastError,
      next_try_at: delivery.status === 'failed' ? null : delivery.dueAt.toISOString(),
      created_at: delivery.createdAt.toISOString(),
    })),
    meta: { total: total?.n ?? 0, shown: rows.length },
  };
}

/**
 * Staff's "Retry now": the delivery is due at once and the worker asked to send it. Its attempts
 * are kept (they count real tries), so a failed one that fails again is failed again at once: one
 * more try, not a new series. Recorded in the audit log.
 */
export async function retryDelivery(ctx: AppContext, actor: AuthContext, id: number) {
  const [before] = await ctx.db
    .select({ delivery: notificationDeliveries, email: users.email })
    .from(notificationDeliveries)
    .innerJoin(users, eq(users.id, notificationDeliveries.userId))
    .where(eq(notificationDeliveries.id, id));
  if (!before) throw new AppError('not_found', 'Delivery not found.');
  const now = ctx.now();
  const [retried] = await ctx.db
    .update(notificationDeliveries)
    .set({ status: 'pending', dueAt: now, claimedAt: null })
    .where(and(eq(notificationDeliveries.id, id), undelivered))
    .returning({ id: notificationDeliveries.id });
  if (!retried) {
    const { status } = before.delivery;
    throw new AppError(
      'conflict',
      status === 'sending' ? 'This delivery is being sent right now.' : status === 'sent' ? 'This delivery was sent already.' : 'This delivery is not waiting for a retry.',
    );
  }
  const { delivery } = before;
  await recordAudit(ctx.db, actor, {
    action: 'notification_delivery.retried',
    subjectType: 'notification_delivery',
    subjectId: String(id),
    before: { status: delivery.status, attempts: delivery.attempts, last_error: delivery.lastError, due_at: delivery.dueAt.toISOString() },
    after: { status: 'pending', due_at: now.toISOString() },
  });
  await sendDueNotificationsNow(ctx);
  const what = delivery.channel === 'email' ? 'e-mail' : 'push';
  return { message: `The ${what} "${delivery.title}" to ${before.email} is being tried again now.` };
}

