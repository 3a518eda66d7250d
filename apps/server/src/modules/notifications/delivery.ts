import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notificationDeliveries, users } from '../../db/schema/index.ts';
import { notificationMail } from '../mail/index.ts';

/** Tries per e-mail before it is marked failed; the wait doubles from 30 s (about 16 minutes in all). */
export const MAX_ATTEMPTS = 6;
export const RETRY_BASE_SECONDS = 30;
/** A claim older than this was left by a worker that died mid-send: the e-mail is due again. */
const STALE_CLAIM_MS = 5 * 60_000;
const BATCH = 50;

const retryDelayMs = (attempts: number) => RETRY_BASE_SECONDS * 1000 * 2 ** (attempts - 1);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends the e-mails that are due, a batch at a time, until none is left. Each is claimed with
 * FOR UPDATE SKIP LOCKED, so several workers share the queue and no e-mail goes out twice; a
 * failed send is tried again later (doubling waits) and its attempts and last error are kept.
 * Answers how many were sent.
 */
export async function deliverDueEmails(ctx: AppContext): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = ctx.now();
    const claimed = await ctx.db
      .update(notificationDeliveries)
      .set({ status: 'sending', claimedAt: now })
      .where(
        inArray(
          notificationDeliveries.id,
          sql`(select ${notificationDeliveries.id} from ${notificationDeliveries}
                where ${notificationDeliveries.dueAt} <= ${now.toISOString()}
                  and (${notificationDeliveries.status} = 'pending'
                    or (${notificationDeliveries.status} = 'sending' and ${notificationDeliveries.claimedAt} < ${new Date(now.getTime() - STALE_CLAIM_MS).toISOString()}))
                order by ${notificationDeliveries.dueAt}
                limit ${BATCH}
                for update skip locked)`,
        ),
      )
      .returning();
    if (claimed.length === 0) return sent;
    const members = await ctx.db
      .select({ id: users.id, email: users.email, status: users.status })
      .from(users)
      .where(inArray(users.id, [...new Set(claimed.map((d) => d.userId))]));
    const memberOf = new Map(members.map((m) => [m.id, m]));
    for (const delivery of claimed) {
      const member = memberOf.get(delivery.userId);
      if (!member || member.status !== 'active') {
        await ctx.db
          .update(notificationDeliveries)
          .set({ status: 'skipped', lastError: 'The member is suspended.' })
          .where(eq(notificationDeliveries.id, delivery.id));
        continue;
      }
      const base = ctx.config.APP_URL.replace(/\/$/, '');
      const mail = notificationMail(
        { name: ctx.config.BRAND_NAME, supportEmail: ctx.config.SUPPORT_EMAIL },
        member.email,
        { title: delivery.title, body: delivery.body, href: `${base}${delivery.link ?? '/notifications'}` },
        `${base}/account/notifications`,
      );
      try {
        await ctx.mailer.send(mail);
        await ctx.db
          .update(notificationDeliveries)
          .set({ status: 'sent', sentAt: ctx.now(), attempts: delivery.attempts + 1, lastError: null })
          .where(eq(notificationDeliveries.id, delivery.id));
        sent += 1;
      } catch (error) {
        const attempts = delivery.attempts + 1;
        ctx.log.warn({ err: error, delivery: delivery.id, attempts }, 'notification e-mail not sent; retried later');
        await ctx.db
          .update(notificationDeliveries)
          .set({
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            attempts,
            lastError: errorText(error),
            dueAt: new Date(ctx.now().getTime() + retryDelayMs(attempts)),
            claimedAt: null,
          })
          .where(eq(notificationDeliveries.id, delivery.id));
      }
    }
  }
}
