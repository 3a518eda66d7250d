import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** A wall-clock time in the session's own zone. */
export const SessionClock = z.object({
  hour: z.number().int().min(0).max(23),
  minute: z.number().int().min(0).max(59),
});
export type SessionClock = z.infer<typeof SessionClock>;

/** A recording of a past session; a missing link shows 'Coming soon'. */
export const Replay = z.object({
  id: z.string(),
  title: z.string(),
  recordedAt: z.string().nullable(),
  watchUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  /** Seconds. */
  duration: z.number().int().nullable(),
  topics: z.array(z.string()),
  /** The play passcode Zoom recordings carry; null when the link needs none. */
  passcode: z.string().nullable(),
  mentor: z.string().nullable(),
});
export type Replay = z.infer<typeof Replay>;

export const LiveSessionType = z.enum(['live', 'recap']);

/** The last meeting.started / meeting.ended Zoom reported; it outranks the schedule. */
export const MeetingEvent = z.object({
  state: z.enum(['started', 'ended']),
  at: z.string(),
});
export type MeetingEvent = z.infer<typeof MeetingEvent>;

/**
 * A live session as the sessions page reads it (platform §3). `isLive` is computed by the
 * server from Zoom's meeting events and the schedule (staff may force it on); the page
 * recomputes it as time passes from `meeting` and the schedule. Meeting details only reach
 * active members.
 */
export const LiveSession = z.object({
  id: z.string(),
  type: LiveSessionType,
  title: z.string(),
  schedule: z.string().nullable(),
  image: z.string().nullable(),
  days: z.array(z.number().int().min(0).max(6)),
  time: SessionClock.nullable(),
  time_end: SessionClock.nullable(),
  timezone: z.string(),
  isLive: z.boolean(),
  meeting: MeetingEvent.nullable(),
  meetingNumber: z.string().nullable(),
  passcode: z.string().nullable(),
  expectations: z.array(z.string()),
  replays: z.array(Replay),
});
export type LiveSession = z.infer<typeof LiveSession>;

export const LiveSessionsResponse = z.object({ data: z.array(LiveSession) });
export type LiveSessionsResponse = z.infer<typeof LiveSessionsResponse>;

export const LiveSessionParams = z.object({ id: z.string().max(64) });

/** What the live client needs to join the session's meeting with the Zoom Meeting SDK. */
export const SessionSignature = z.object({
  signature: z.string(),
  sdkKey: z.string(),
  meetingNumber: z.string(),
  passcode: z.string(),
  userName: z.string(),
  userEmail: z.string(),
});
export type SessionSignature = z.infer<typeof SessionSignature>;

/** The member's private schedule feed, as a subscribe link and a plain address. */
export const CalendarLink = z.object({
  webcalUrl: z.string(),
  httpsUrl: z.string(),
});
export type CalendarLink = z.infer<typeof CalendarLink>;
export const CalendarLinkResponse = z.object({ data: CalendarLink });
export type CalendarLinkResponse = z.infer<typeof CalendarLinkResponse>;

export const CalendarFeedParams = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{16,128}\.ics$/, 'This calendar link is not valid.'),
});

/** What the Zoom webhook answers: the URL validation challenge, or an event's receipt. */
export const ZoomWebhookAnswer = z.union([
  z.object({ plainToken: z.string(), encryptedToken: z.string() }),
  z.object({ received: z.boolean(), duplicate: z.boolean().optional() }),
]);
export type ZoomWebhookAnswer = z.infer<typeof ZoomWebhookAnswer>;

/** Live sessions, joining one, the members' calendar feed, and Zoom's meeting events. */
export const liveSessionEndpoints = {
  getLiveSessions: endpoint({
    method: 'GET',
    path: '/api/live-sessions',
    tags: ['live-sessions'],
    response: { 200: LiveSessionsResponse },
  }),
  getSessionSignature: endpoint({
    method: 'POST',
    path: '/api/live-sessions/:id/signature',
    tags: ['live-sessions'],
    params: LiveSessionParams,
    response: { 200: SessionSignature },
  }),
  createCalendarLink: endpoint({
    method: 'POST',
    path: '/api/live-sessions/calendar-link',
    tags: ['live-sessions'],
    response: { 200: CalendarLinkResponse },
  }),
  getCalendarFeed: endpoint({
    method: 'GET',
    path: '/api/live-sessions/calendar/:file',
    tags: ['live-sessions'],
    params: CalendarFeedParams,
    response: { 200: z.string().describe('text/calendar') },
  }),
  /**
   * No body schema: the signature is computed over the raw bytes, so the route reads the body
   * unparsed (its own content-type parser) and checks it before parsing.
   */
  zoomWebhook: endpoint({
    method: 'POST',
    path: '/api/zoom/webhook',
    tags: ['live-sessions'],
    hide: true,
    response: { 200: ZoomWebhookAnswer },
  }),
};
