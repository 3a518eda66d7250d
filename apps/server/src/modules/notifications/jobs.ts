import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { deliverDueNotifications } from './delivery.ts';
import { DELIVER_JOB } from './notify.ts';
import { MARKET_REMINDERS_JOB, sendMarketEventReminders } from './market-reminders.ts';
import { sendSessionReminders } from './reminders.ts';

/**
 * Sends the notification e-mails and pushes that are due. Sent by notify() when one is due at
 * once, and every minute by cron for those that waited (quiet hours) or failed (each keeps its
 * own doubling retry in its row, so the job itself is not retried).
 */
export const notificationDeliverJob = defineJob({
  name: DELIVER_JOB,
  payload: z.object({}),
  cron: '* * * * *',
  retryLimit: 0,
  expireInSeconds: 600,
  handler: async (ctx) => {
    await deliverDueNotifications(ctx);
  },
});

/** Live session reminders, each member at their chosen minutes before the start. */
export const sessionRemindersJob = defineJob({
  name: 'notifications.session-reminders',
  payload: z.object({}),
  cron: '* * * * *',
  retryLimit: 0,
  expireInSeconds: 300,
  handler: async (ctx) => {
    await sendSessionReminders(ctx);
  },
});

/** High-impact market event reminders, each member at their chosen minutes before, for the currencies they follow. */
export const marketEventRemindersJob = defineJob({
  name: MARKET_REMINDERS_JOB,
  payload: z.object({}),
  cron: '* * * * *',
  retryLimit: 0,
  expireInSeconds: 300,
  handler: async (ctx) => {
    await sendMarketEventReminders(ctx);
  },
});
