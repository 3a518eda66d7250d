import { eq, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { memberTimeZone } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { notificationDeliveries, users } from '../../db/schema/index.ts';
import { notificationMail, riskMail, withPreferencesFooter, type Mail } from '../mail/index.ts';

/** Tries per e-mail before it is marked failed; the wait doubles from 30 s (about 16 minutes in all). */
export const MAX_ATTEMPTS = 6;
export const RETRY_BASE_SECONDS = 30;
/** A claim older than this was left by a worker that died mid-send: the e-mail is due again. */
const STALE_CLAIM_MS = 5 * 60_000;
const BATCH = 50;

const retryDelayMs = (attempts: number) => RETRY_BASE_SECONDS * 1000 * 2 ** (attempts - 1);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

type Delivery = typeof notificationDeliveries.$inferSelect;

/**
 * The e-mail of one delivery, put into words now: a risk notice is riskMail (the account, the
 * rule with its numbers, the lock's end in the member's zone); every other kind is its title and
 * body. Both end with the notification preferences footer.
 */
function mailOf(ctx: AppContext, delivery: Delivery, member: { email: string; timezone: string | null }): Mail {
  const brand = { name: ctx.config.BRAND_NAME, supportEmail: ctx.config.SUPPORT_EMAIL };
  const base = ctx.config.APP_URL.replace(/\/$/, '');
  const href = `${base}${delivery.link ?? '/notifications'}`;
  const preferences = `${base}/account/notifications`;
  if (delivery.kind === 'risk' && delivery.facts) {
    const { account, reason, lockedUntil } = delivery.facts;
    const until = lockedUntil
      ? DateTime.fromISO(lockedUntil, { zone: memberTimeZone(member.timezone) }).toFormat("LLLL d, yyyy 'at' h:mm a ZZZZ")
      : null;
    return withPreferencesFooter(riskMail(brand, member.email, href, { account, reason, lockedUntil: until }), preferences);
  }
  return notificationMail(brand, member.email, { title: delivery.title, body: delivery.body, href }, preferences);
}

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
      .select({ id: users.id, email: users.email, status: users.status, timezone: users.timezone })
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
      const mail = mailOf(ctx, delivery, member);
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
