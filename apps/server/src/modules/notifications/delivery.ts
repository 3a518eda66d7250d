import { eq, inArray, sql } from 'drizzle-orm';
import { memberMomentText } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { notificationDeliveries, users } from '../../db/schema/index.ts';
import { notificationMail, riskMail, withPreferencesFooter, type Mail } from '../mail/index.ts';
import { pushToDevices } from './push.ts';
import { vapidDetails, type VapidDetails } from './vapid.ts';

/** Tries per e-mail or push before it is marked failed; the wait doubles from 30 s (about 16 minutes in all). */
export const MAX_ATTEMPTS = 6;
export const RETRY_BASE_SECONDS = 30;
/** A claim older than this was left by a worker that died mid-send: the delivery is due again. */
const STALE_CLAIM_MS = 5 * 60_000;
const BATCH = 50;
/** Sends in flight at once per worker (SMTP connections or push requests). */
const SENDS_AT_ONCE = 10;

const retryDelayMs = (attempts: number) => RETRY_BASE_SECONDS * 1000 * 2 ** (attempts - 1);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What became of one try: sent, nothing to send, or a failure to try again (keeping the devices a push reached). */
type Outcome = { status: 'sent' | 'skipped'; note: string | null } | { status: 'retry'; error: string; pushedTo: number[] };

type Delivery = typeof notificationDeliveries.$inferSelect;

/** An address in the app, for an e-mail or a push to open. */
const appUrl = (ctx: AppContext, path: string) => `${ctx.config.APP_URL.replace(/\/$/, '')}${path}`;
const linkOf = (ctx: AppContext, delivery: Delivery) => appUrl(ctx, delivery.link ?? '/notifications');

/**
 * The e-mail of one delivery, put into words now: a risk notice is riskMail (the account, the
 * rule with its numbers, the lock's end in the member's zone); every other kind is its title and
 * body. Both end with the notification preferences footer.
 */
function mailOf(ctx: AppContext, delivery: Delivery, member: { email: string; timezone: string | null }): Mail {
  const brand = { name: ctx.config.BRAND_NAME, supportEmail: ctx.config.SUPPORT_EMAIL };
  const href = linkOf(ctx, delivery);
  const preferences = appUrl(ctx, '/account/notifications');
  if (delivery.kind === 'risk' && delivery.facts) {
    const { account, reason, lockedUntil } = delivery.facts;
    const until = lockedUntil
      ? memberMomentText(new Date(lockedUntil), member.timezone)
      : null;
    return withPreferencesFooter(riskMail(brand, member.email, href, { account, reason, lockedUntil: until }), preferences);
  }
  return notificationMail(brand, member.email, { title: delivery.title, body: delivery.body, href }, preferences);
}

/**
 * Sends the e-mails and pushes that are due, a batch at a time, until none is left. Each is
 * claimed with FOR UPDATE SKIP LOCKED, so several workers share the queue and none goes out
 * twice; a failed send is tried again later (doubling waits) and its attempts and last error are
 * kept. Answers how many were sent.
 */
export async function deliverDueNotifications(ctx: AppContext): Promise<number> {
  let vapid: Promise<VapidDetails> | null = null;
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
    // The batch's sends run side by side: each one mostly waits on a mail server or push
    // service, and one at a time a reminder to 10,000 members went out at 59 e-mails/s
    // (bench/notifications-bench.ts).
    const outcomes = await eachAtMost(SENDS_AT_ONCE, claimed, async (delivery): Promise<Outcome> => {
      const member = memberOf.get(delivery.userId);
      if (!member || member.status !== 'active') return { status: 'skipped', note: 'The member is suspended.' };
      if (delivery.channel === 'email') return sendEmail(ctx, delivery, member);
      return sendPush(ctx, delivery, (vapid ??= vapidDetails(ctx)));
    });
    const sentIds: number[] = [];
    for (const [index, delivery] of claimed.entries()) {
      const outcome = outcomes[index]!;
      if (outcome.status === 'retry') {
        const attempts = delivery.attempts + 1;
        ctx.log.warn({ err: outcome.error, delivery: delivery.id, channel: delivery.channel, attempts }, 'notification not sent; retried later');
        await ctx.db
          .update(notificationDeliveries)
          .set({
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            attempts,
            lastError: outcome.error.slice(0, 500),
            pushedTo: outcome.pushedTo,
            dueAt: new Date(ctx.now().getTime() + retryDelayMs(attempts)),
            claimedAt: null,
          })
          .where(eq(notificationDeliveries.id, delivery.id));
      } else if (outcome.status === 'skipped')
        await ctx.db.update(notificationDeliveries).set({ status: 'skipped', lastError: outcome.note }).where(eq(notificationDeliveries.id, delivery.id));
      else sentIds.push(delivery.id);
    }
    // What went out is marked in one statement per batch.
    if (sentIds.length > 0)
      await ctx.db
        .update(notificationDeliveries)
        .set({ status: 'sent', sentAt: ctx.now(), attempts: sql`${notificationDeliveries.attempts} + 1`, lastError: null })
        .where(inArray(notificationDeliveries.id, sentIds));
    sent += sentIds.length;
  }
}

/** `work` over `items` with at most `limit` running at once; answers the results in order. */
async function eachAtMost<T, R>(limit: number, items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function sendEmail(ctx: AppContext, delivery: Delivery, member: { email: string; timezone: string | null }): Promise<Outcome> {
  const mail = mailOf(ctx, delivery, member);
  try {
    await ctx.mailer.send(mail);
    return { status: 'sent', note: null };
  } catch (error) {
    return { status: 'retry', error: errorText(error), pushedTo: [] };
  }
}

/** Push services take about 4 KB; a notification's text is cut well short of that. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

async function sendPush(ctx: AppContext, delivery: Delivery, keys: Promise<VapidDetails>): Promise<Outcome> {
  let vapid: VapidDetails;
  try {
    vapid = await keys;
  } catch (error) {
    // The stored pair cannot be read (APP_KEY replaced?): the push waits like any failed send.
    return { status: 'retry', error: errorText(error), pushedTo: delivery.pushedTo };
  }
  const { reached, failure } = await pushToDevices(ctx, vapid, delivery.userId, delivery.pushedTo, {
    title: clip(delivery.title, 120),
    body: clip(delivery.body, 600),
    url: linkOf(ctx, delivery),
    // One notification per event on the device, should a push service deliver twice.
    tag: `${delivery.kind}:${delivery.eventKey}`,
  });
  const pushedTo = [...delivery.pushedTo, ...reached];
  if (failure) return { status: 'retry', error: failure, pushedTo };
  return pushedTo.length > 0 ? { status: 'sent', note: null } : { status: 'skipped', note: 'No device has push on.' };
}
