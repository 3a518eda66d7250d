import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { liveSessionFeeds, users } from '../../src/db/schema/index.ts';
import { sha256 } from '../../src/lib/secrets.ts';
import { seedLiveSessions } from '../../src/seed/live-sessions.ts';
import { createMember, signedInMember, type MemberOptions } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { APP_URL: 'https://hub.example.com' },
    now: () => new Date('2026-01-05T14:30:00Z'),
  });
  await seedLiveSessions(t.ctx);
});
afterAll(() => t.close());

const signedIn = (options: MemberOptions = {}) => signedInMember(t, options);

async function calendarLink(token: string) {
  const res = await t.call('POST', '/api/live-sessions/calendar-link', { token });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { webcalUrl: string; httpsUrl: string } }>().data;
}

const feedPath = (httpsUrl: string) => new URL(httpsUrl).pathname;
/** Unfolds continuation lines so assertions read whole properties. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('POST /api/live-sessions/calendar-link', () => {
  it('requires an active membership', async () => {
    expect((await t.call('POST', '/api/live-sessions/calendar-link')).statusCode).toBe(401);
    const suspended = await createMember(t.ctx, { status: 'suspended' });
    const res = await t.call('POST', '/api/live-sessions/calendar-link', {
      token: await t.login(suspended.email, suspended.password),
    });
    expect(res.statusCode).toBe(403);
  });

  it('issues a webcal and an https address for a secret stored only as a hash', async () => {
    const member = await signedIn();
    const link = await calendarLink(member.token);
    expect(link.httpsUrl).toMatch(
      /^https:\/\/hub\.example\.com\/api\/live-sessions\/calendar\/[A-Za-z0-9_-]{32}\.ics$/,
    );
    expect(link.webcalUrl).toBe(link.httpsUrl.replace('https:', 'webcal:'));
    const secret = link.httpsUrl.split('/').pop()!.replace('.ics', '');
    const [row] = await t.ctx.db
      .select()
      .from(liveSessionFeeds)
      .where(eq(liveSessionFeeds.userId, member.id));
    expect(row!.tokenHash).toBe(sha256(secret));
    expect(row!.tokenHash).not.toContain(secret);
  });
});

describe('GET /api/live-sessions/calendar/{token}.ics', () => {
  it('publishes the weekly schedule in each session zone, with its time zone rules', async () => {
    const member = await signedIn();
    const link = await calendarLink(member.token);
    const res = await t.call('GET', feedPath(link.httpsUrl));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = res.body;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // Every physical line fits in 75 octets and every line ends with CRLF.
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const text = unfold(ics);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(3); // recaps have no schedule
    expect(text).toContain('SUMMARY:New York Open');
    expect(text).toMatch(
      /DTSTART;TZID=America\/New_York:2026\d{4}T091500\r\nDURATION:PT1H45M\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR/,
    );
    expect(text).toMatch(
      /DTSTART;TZID=America\/Toronto:2026\d{4}T200000\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY;BYDAY=SU/,
    );
    expect(text).toMatch(/SUMMARY:Asia Live[\s\S]*?END:VEVENT/);
    expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=WE');
    expect(text).toContain('DTSTAMP:20260105T143000Z');
    // Commas in text are escaped; the join address points at the live client view.
    expect(text).toContain(
      'What to expect:\\n• Pre-market game plan and key levels before the bell',
    );
    expect(text).toMatch(
      /Join in the platform: https:\/\/hub\.example\.com\/sessions\/client\/[0-9a-f-]{36}/,
    );
    expect(text).toContain('DESCRIPTION:Sunday Setup · 8:00 PM Eastern · Sunday');
    // Default expectations for a session without its own.
    expect(text).toContain('Replay uploaded within 12 hours');
    // One VTIMEZONE per zone used, with the US rules.
    expect(text.match(/BEGIN:VTIMEZONE/g)).toHaveLength(2);
    expect(text).toContain(
      'BEGIN:DAYLIGHT\r\nDTSTART:20260308T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400\r\nTZNAME:EDT',
    );
    expect(text).toContain(
      'BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nTZNAME:EST',
    );
    // Meeting passcodes never leave through the feed.
    expect(text).not.toContain('NYopen915');
  });

  it('stops answering the previous address once the member asks for a new one', async () => {
    const member = await signedIn();
    const first = await calendarLink(member.token);
    const second = await calendarLink(member.token);
    expect(second.httpsUrl).not.toBe(first.httpsUrl);
    const old = await t.call('GET', feedPath(first.httpsUrl));
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(
      'This calendar link is no longer valid. Add the calendar again from Live Sessions.',
    );
    expect((await t.call('GET', feedPath(second.httpsUrl))).statusCode).toBe(200);
  });

  it("keeps each member's address their own", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const aliceLink = await calendarLink(alice.token);
    const bobLink = await calendarLink(bob.token);
    // Bob rotating his address does not touch Alice's, and neither address is derivable from the other.
    await calendarLink(bob.token);
    expect((await t.call('GET', feedPath(aliceLink.httpsUrl))).statusCode).toBe(200);
    expect((await t.call('GET', feedPath(bobLink.httpsUrl))).statusCode).toBe(404);
    // A bearer token is not a feed secret.
    expect(
      (
        await t.call(
          'GET',
          `/api/live-sessions/calendar/${bob.token.replace(/[^A-Za-z0-9_-]/g, '')}.ics`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it("answers 403 while the member's membership is suspended", async () => {
    const member = await signedIn();
    const link = await calendarLink(member.token);
    await t.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, member.id));
    const res = await t.call('GET', feedPath(link.httpsUrl));
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('VEVENT');
    await t.ctx.db.update(users).set({ status: 'active' }).where(eq(users.id, member.id));
    expect((await t.call('GET', feedPath(link.httpsUrl))).statusCode).toBe(200);
  });

  it('rejects malformed addresses', async () => {
    const res = await t.call('GET', '/api/live-sessions/calendar/short.ics');
    expect(res.statusCode).toBe(422);
  });
});
