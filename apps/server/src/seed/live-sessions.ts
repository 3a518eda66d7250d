import { DateTime } from 'luxon';
import { DEFAULT_SESSION_TIME_ZONE } from '@th/domain';
import type { AppContext } from '../context.ts';
import { liveSessions, replays } from '../db/schema/index.ts';
import { encrypt } from '../lib/secrets.ts';

type DemoReplay = {
  title: string;
  daysAgo: number;
  minutes: number;
  topics: string[];
  /** Zoom cloud-recording share id; null while the recording is still processing. */
  recording: string | null;
};

type DemoSession = {
  type: 'live' | 'recap';
  title: string;
  scheduleText: string;
  days: number[];
  start: [number, number] | null;
  end: [number, number] | null;
  timezone: string;
  meetingNumber: string | null;
  passcode: string | null;
  expectations: string[];
  replays: DemoReplay[];
};

/** The built-in marketing schedule (platform §2) plus two recap collections. */
const DEMO_SESSIONS: DemoSession[] = [
  {
    type: 'live',
    title: 'New York Open',
    scheduleText: 'New York · 9:15 AM Eastern · Monday to Friday',
    days: [1, 2, 3, 4, 5],
    start: [9, 15],
    end: [11, 0],
    timezone: 'America/New_York',
    meetingNumber: '84152093317',
    passcode: 'NYopen915',
    expectations: [
      'Pre-market game plan and key levels before the bell',
      'Live trade calls and narrative from the desk',
      'Opening range breakouts called in real time',
    ],
    replays: [
      {
        title: 'NY Open: CPI morning volatility',
        daysAgo: 1,
        minutes: 104,
        topics: ['CPI', 'Opening range', 'NQ'],
        recording: 'Kq3vR8nPz2LxT5wYb7Hd1A',
      },
      {
        title: 'NY Open: Gap fill on ES',
        daysAgo: 2,
        minutes: 98,
        topics: ['Gap fill', 'ES'],
        recording: 'Wm4tJ9cFq6NsV2pXe8Gk3B',
      },
      {
        title: 'NY Open: Trend day management',
        daysAgo: 3,
        minutes: 101,
        topics: ['Trend day', 'Trailing stops'],
        recording: null,
      },
      {
        title: 'NY Open: Failed breakout review',
        daysAgo: 6,
        minutes: 96,
        topics: ['Failed breakouts'],
        recording: 'Pz7hL2dRw5YbN8sTq1Vm6C',
      },
    ],
  },
  {
    type: 'live',
    title: 'Sunday Setup',
    scheduleText: 'Sunday Setup · 8:00 PM Eastern · Sunday',
    days: [0],
    start: [20, 0],
    end: [21, 0],
    timezone: DEFAULT_SESSION_TIME_ZONE,
    meetingNumber: '86630418852',
    passcode: 'setup800',
    expectations: [],
    replays: [],
  },
  {
    type: 'live',
    title: 'Asia Live',
    scheduleText: 'Asia Live · 8:00 PM Eastern · Wednesday',
    days: [3],
    start: [20, 0],
    end: [22, 0],
    timezone: DEFAULT_SESSION_TIME_ZONE,
    meetingNumber: '89217745061',
    passcode: 'asia2000',
    expectations: [
      'Tokyo and Hong Kong opens walked through live',
      'Overnight levels for the next New York session',
      'Rapid-fire Q&A with senior mentors',
    ],
    replays: [],
  },
  {
    type: 'recap',
    title: 'Weekly Market Recap',
    scheduleText: 'Posted every Friday after the close',
    days: [],
    start: null,
    end: null,
    timezone: DEFAULT_SESSION_TIME_ZONE,
    meetingNumber: null,
    passcode: null,
    expectations: [
      'Every trade of the week reviewed with its chart',
      'What worked, what did not, and why',
      'Levels and events to watch next week',
    ],
    replays: [
      {
        title: 'Week in review: rate decision week',
        daysAgo: 2,
        minutes: 47,
        topics: ['FOMC', 'Risk management'],
        recording: 'Rx2nB6kTq9LwZ4sYd3Hf8D',
      },
      {
        title: 'Week in review: earnings season kickoff',
        daysAgo: 9,
        minutes: 52,
        topics: ['Earnings', 'Gaps'],
        recording: 'Ty5mC1pVz8QsK3wNe7Jg2E',
      },
      {
        title: 'Week in review: holiday-thinned tape',
        daysAgo: 16,
        minutes: 39,
        topics: ['Low volume', 'Patience'],
        recording: null,
      },
    ],
  },
  {
    type: 'recap',
    title: 'Mentor Deep Dives',
    scheduleText: 'A new deep dive every other week',
    days: [],
    start: null,
    end: null,
    timezone: DEFAULT_SESSION_TIME_ZONE,
    meetingNumber: null,
    passcode: null,
    expectations: [],
    replays: [
      {
        title: 'Sizing positions from the opening range',
        daysAgo: 0,
        minutes: 63,
        topics: ['Position sizing', 'AlphaORB'],
        recording: null,
      },
      {
        title: 'Reading the tape around news',
        daysAgo: 14,
        minutes: 58,
        topics: ['News', 'Order flow'],
        recording: 'Uv9pD4rXw2MsL6tYc1Kh5F',
      },
    ],
  },
];

/** Idempotent: a session whose title already exists is left as it is. */
export async function seedLiveSessions(ctx: AppContext) {
  const existing = new Set(
    (await ctx.db.select({ title: liveSessions.title }).from(liveSessions)).map((r) => r.title),
  );
  const now = DateTime.fromJSDate(ctx.now());
  for (const [index, demo] of DEMO_SESSIONS.entries()) {
    if (existing.has(demo.title)) continue;
    const [session] = await ctx.db
      .insert(liveSessions)
      .values({
        type: demo.type,
        title: demo.title,
        scheduleText: demo.scheduleText,
        days: demo.days,
        startHour: demo.start?.[0] ?? null,
        startMinute: demo.start?.[1] ?? null,
        endHour: demo.end?.[0] ?? null,
        endMinute: demo.end?.[1] ?? null,
        timezone: demo.timezone,
        meetingNumber: demo.meetingNumber,
        passcodeEnc: demo.passcode ? encrypt(ctx.config.appKey, demo.passcode) : null,
        expectations: demo.expectations,
        sortOrder: index,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning({ id: liveSessions.id });
    if (demo.replays.length === 0) continue;
    await ctx.db.insert(replays).values(
      demo.replays.map((replay) => ({
        sessionId: session!.id,
        title: replay.title,
        recordedAt: now.minus({ days: replay.daysAgo }).toJSDate(),
        durationSeconds: replay.minutes * 60,
        topics: replay.topics,
        watchUrl: replay.recording ? `https://zoom.us/rec/share/${replay.recording}` : null,
        downloadUrl: replay.recording ? `https://zoom.us/rec/download/${replay.recording}` : null,
      })),
    );
  }
}
