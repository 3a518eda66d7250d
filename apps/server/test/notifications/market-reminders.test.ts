import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createProcessMemory, type AppContext } from '../../src/context.ts';
import { marketEvents, notificationDeliveries, notifications, users } from '../../src/db/schema/index.ts';
import { deliverDueNotifications } from '../../src/modules/notifications/delivery.ts';
import { sendMarketEventReminders } from '../../src/modules/notifications/market-reminders.ts';
import { createMember, signedInMember } from '../support/members.ts';
import { captureMailer, createTestApp, type TestApp } from '../support/test-app.ts';

// Tuesday 6 January 2026, 8:00 AM in New York.
const START = new Date('2026-01-06T13:00:00Z');
let now = START;
let t: TestApp;
const mailer = captureMailer();
const { sent } = mailer;

beforeAll(async () => {
  t = await createTestApp({ now: () => now, mailer });
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test reads only its own members and events: earlier members are suspended out of the audience.
  await t.ctx.db.update(users).set({ status: 'suspended' });
  await t.ctx.db.delete(marketEvents);
  sent.length = 0;
  now = START;
});

let counter = 0;
/** A calendar event `minutes` after the test's start, high impact unless told. */
async function calendarEvent(minutes: number, values: Partial<typeof marketEvents.$inferInsert> = {}) {
  counter += 1;
  const [row] = await t.ctx.db
    .insert(marketEvents)
    .values({
      sourceKey: `test-${counter}`,
      source: 'test',
      title: 'Core CPI m/m',
      currency: 'USD',
      country: 'United States',
      startsAt: new Date(START.getTime() + minutes * 60_000),
      impact: 'High',
      forecast: '0.3%',
      previous: '0.2%',
      ...values,
    })
    .returning();
  return row!;
}

const noticesOf = (userId: string) => t.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
const putPreferences = (token: string, body: Record<string, unknown>) =>
  t.call('PUT', '/api/notifications/preferences', {
    token,
    body: { kinds: [], session_reminder_minutes: 15, quiet_hours_start: null, quiet_hours_end: null, ...body },
  });
const minutesLater = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

describe('high-impact market event reminders', () => {
  it('reach a member who never chose (USD, 15 minutes before) once per event, with the time in their named zone', async () => {
    const member = await createMember(t.ctx);
    await t.ctx.db.update(users).set({ timezone: 'Europe/London' }).where(eq(users.id, member.id));
    await calendarEvent(10);
    // A second instance running the same minute, then repeated runs: still one notice.
    const second: AppContext = { ...t.ctx, memory: createProcessMemory() };
    await Promise.all([sendMarketEventReminders(t.ctx), sendMarketEventReminders(second)]);
    await sendMarketEventReminders(t.ctx);
    now = minutesLater(5);
    await sendMarketEventReminders(t.ctx);
    const notices = await noticesOf(member.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: 'market_event',
      title: 'Core CPI m/m (USD) in 10 minutes',
      body: 'High-impact USD event: Core CPI m/m at January 6, 2026 at 1:10 PM GMT (Europe/London). Forecast 0.3%, previous 0.2%.',
      link: '/market-events',
    });
  });

  it('come not before the member\'s chosen minutes, and not for an event already started', async () => {
    const member = await createMember(t.ctx);
    await calendarEvent(30);
    await calendarEvent(-1, { title: 'Started already' });
    expect(await sendMarketEventReminders(t.ctx)).toBe(0);
    now = minutesLater(14); // 16 minutes before: the default 15 has not come
    await sendMarketEventReminders(t.ctx);
    expect(await noticesOf(member.id)).toHaveLength(0);
    now = minutesLater(15);
    await sendMarketEventReminders(t.ctx);
    const notices = await noticesOf(member.id);
    expect(notices.map((n) => n.title)).toEqual(['Core CPI m/m (USD) in 15 minutes']);
  });

  it('follow the currencies and minutes the member chose; medium impact and holidays are never reminded', async () => {
    const member = await signedInMember(t);
    expect((await putPreferences(member.token, { market_event_currencies: ['JPY', 'EUR'], market_event_reminder_minutes: 60 })).statusCode).toBe(200);
    await calendarEvent(50, { title: 'Non-Farm Employment Change' });
    await calendarEvent(45, { title: 'BOJ Press Conference', currency: 'JPY', country: 'Japan', forecast: null, previous: null });
    await calendarEvent(40, { title: 'German ZEW Economic Sentiment', currency: 'EUR', country: 'Euro Area', impact: 'Medium' });
    await calendarEvent(30, { title: 'Bank Holiday', currency: 'EUR', country: 'Euro Area', impact: 'Holiday' });
    await sendMarketEventReminders(t.ctx);
    const notices = await noticesOf(member.id);
    expect(notices.map((n) => n.title)).toEqual(['BOJ Press Conference (JPY) in 45 minutes']);
    expect(notices[0]!.body).toBe('High-impact JPY event: BOJ Press Conference at January 6, 2026 at 8:45 AM EST (America/Toronto).');
  });

  it('follow no currency when the member chose none', async () => {
    const member = await signedInMember(t);
    expect((await putPreferences(member.token, { market_event_currencies: [] })).statusCode).toBe(200);
    await calendarEvent(5);
    await sendMarketEventReminders(t.ctx);
    expect(await noticesOf(member.id)).toHaveLength(0);
  });

  it('never reach a suspended member', async () => {
    const member = await createMember(t.ctx, { status: 'suspended' });
    const active = await createMember(t.ctx);
    await calendarEvent(5);
    await sendMarketEventReminders(t.ctx);
    expect(await noticesOf(member.id)).toHaveLength(0);
    expect(await noticesOf(active.id)).toHaveLength(1);
  });

  it('go by e-mail when the member turned it on, one e-mail over two runs and two delivering instances', async () => {
    const member = await signedInMember(t);
    const kinds = [{ kind: 'market_event', in_app: true, email: true, push: false }];
    expect((await putPreferences(member.token, { kinds })).statusCode).toBe(200);
    await calendarEvent(10);
    await sendMarketEventReminders(t.ctx);
    await sendMarketEventReminders({ ...t.ctx, memory: createProcessMemory() });
    const second: AppContext = { ...t.ctx, memory: createProcessMemory() };
    await Promise.all([deliverDueNotifications(t.ctx), deliverDueNotifications(second)]);
    const mails = sent.filter((m) => m.to === member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Core CPI m/m (USD) in 10 minutes (Traders Hub)');
    const deliveries = await t.ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, member.id));
    expect(deliveries.map((d) => d.status)).toEqual(['sent']);
  });
});

describe('market event preferences', () => {
  it('answer the defaults (USD, 15 minutes), save a choice, and keep it when a save leaves it out', async () => {
    const member = await signedInMember(t);
    const defaults = await t.call('GET', '/api/notifications/preferences', { token: member.token });
    expect(defaults.json().data).toMatchObject({ market_event_currencies: ['USD'], market_event_reminder_minutes: 15 });
    const saved = await putPreferences(member.token, { market_event_currencies: ['CHF', 'USD', 'GBP'], market_event_reminder_minutes: 30 });
    expect(saved.json().data).toMatchObject({ market_event_currencies: ['USD', 'GBP', 'CHF'], market_event_reminder_minutes: 30 });
    await putPreferences(member.token, { session_reminder_minutes: 60 });
    const kept = await t.call('GET', '/api/notifications/preferences', { token: member.token });
    expect(kept.json().data).toMatchObject({ session_reminder_minutes: 60, market_event_currencies: ['USD', 'GBP', 'CHF'], market_event_reminder_minutes: 30 });
  });

  it('refuse an unknown currency, a currency twice and minutes off the list with 422 on the field, changing nothing', async () => {
    const member = await signedInMember(t);
    const unknown = await putPreferences(member.token, { market_event_currencies: ['USD', 'XYZ'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.market_event_currencies).toEqual(['Choose currencies from USD, EUR, GBP, JPY, CAD, AUD, NZD, CHF, CNY.']);
    const twice = await putPreferences(member.token, { market_event_currencies: ['EUR', 'EUR'] });
    expect(twice.json().errors.market_event_currencies).toEqual(['Each currency may be chosen once.']);
    const minutes = await putPreferences(member.token, { market_event_reminder_minutes: 7 });
    expect(minutes.statusCode).toBe(422);
    expect(minutes.json().errors.market_event_reminder_minutes).toEqual(['Choose 5, 10, 15, 30 or 60 minutes before the event.']);
    const kept = await t.call('GET', '/api/notifications/preferences', { token: member.token });
    expect(kept.json().data).toMatchObject({ market_event_currencies: ['USD'], market_event_reminder_minutes: 15 });
  });
});
