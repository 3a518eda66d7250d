import type { LiveSession } from '@th/contracts';

/** A weekday live session at 9:15–11:00 New York time with Zoom details, with `over` applied. */
export const liveSessionFixture = (over: Partial<LiveSession> & Pick<LiveSession, 'id' | 'title'>): LiveSession => ({
  type: 'live',
  schedule: null,
  image: null,
  days: [1, 2, 3, 4, 5],
  time: { hour: 9, minute: 15 },
  time_end: { hour: 11, minute: 0 },
  timezone: 'America/New_York',
  isLive: false,
  meeting: null,
  meetingNumber: '84152093317',
  passcode: 'NYopen915',
  expectations: [],
  replays: [],
  ...over,
});
