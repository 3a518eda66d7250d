import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { IsoDate } from './common.ts';
import { LiveSessionType, Replay, SessionClock } from './live-sessions.ts';

/** Staff editing of courses, live sessions and market events (the staff console's content). */

const Slug = z
  .string()
  .trim()
  .min(1, 'Enter a slug.')
  .max(120, 'Slugs are limited to 120 characters.')
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'Use lowercase letters, numbers and single dashes for the slug.',
  );
const Text = (max: number) => z.string().max(max, `Keep this under ${max} characters.`).nullish();
const Image = z.string().trim().max(2000).nullish();

export const CourseState = z.enum(['draft', 'published']);
export const LessonState = z.enum(['locked', 'coming_soon', 'unavailable', 'published']);
export type LessonState = z.infer<typeof LessonState>;

export const StaffCourseInput = z.object({
  slug: Slug,
  title: z
    .string()
    .trim()
    .min(1, 'Enter a course title.')
    .max(200, 'Keep this under 200 characters.'),
  subtitle: Text(300),
  description: Text(5000),
  hero_image: Image,
  sort_order: z
    .number({ error: 'Sort order must be a whole number.' })
    .int()
    .min(0)
    .max(10_000)
    .default(0),
  status: CourseState.default('draft'),
});
export type StaffCourseInput = z.input<typeof StaffCourseInput>;

export const StaffLessonRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  status: LessonState,
  duration_seconds: z.number().int().nullable(),
  sort_order: z.number().int(),
});
export type StaffLessonRow = z.infer<typeof StaffLessonRow>;

export const StaffCourse = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  hero_image: z.string().nullable(),
  sort_order: z.number().int(),
  status: CourseState,
  lessons: z.array(StaffLessonRow),
  updated_at: z.string(),
});
export type StaffCourse = z.infer<typeof StaffCourse>;

export const StaffCourseList = z.object({ data: z.array(StaffCourse) });
export const StaffCourseAnswer = z.object({ message: z.string(), data: StaffCourse });
export type StaffCourseAnswer = z.infer<typeof StaffCourseAnswer>;

export const StaffSection = z.object({
  heading: z.string().trim().min(1, 'Enter a section heading.').max(200),
  description: z.string().max(5000).nullish(),
  image: z.object({ src: z.string().trim().max(2000), alt: z.string().max(300) }).nullish(),
  checklist: z.array(z.string().max(300)).max(50).default([]),
});
export type StaffSection = z.input<typeof StaffSection>;

export const StaffLessonInput = z.object({
  slug: Slug,
  title: z
    .string()
    .trim()
    .min(1, 'Enter a lesson title.')
    .max(200, 'Keep this under 200 characters.'),
  summary: Text(500),
  overview: Text(5000),
  duration_seconds: z
    .number({ error: 'Duration must be a number of minutes.' })
    .int()
    .min(0)
    .max(86_400, 'Duration must be at most one day.')
    .nullish(),
  status: LessonState.default('published'),
  hero_image: Image,
  hero_alt: Text(300),
  hero_caption: Text(500),
  content_html: z.string().max(200_000, 'The lesson content is too long.').nullish(),
  sections: z.array(StaffSection).max(30).default([]),
});
export type StaffLessonInput = z.input<typeof StaffLessonInput>;

export const StaffLesson = z.object({
  id: z.string(),
  course_id: z.string(),
  course_slug: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  overview: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  status: LessonState,
  hero_image: z.string().nullable(),
  hero_alt: z.string().nullable(),
  hero_caption: z.string().nullable(),
  content_html: z.string().nullable(),
  sort_order: z.number().int(),
  sections: z.array(
    z.object({
      id: z.string(),
      heading: z.string(),
      description: z.string().nullable(),
      image: z.object({ src: z.string(), alt: z.string() }).nullable(),
      checklist: z.array(z.string()),
    }),
  ),
});
export type StaffLesson = z.infer<typeof StaffLesson>;

export const StaffLessonAnswer = z.object({ message: z.string(), data: StaffLesson });
export type StaffLessonAnswer = z.infer<typeof StaffLessonAnswer>;

export const MoveRequest = z.object({ direction: z.enum(['up', 'down']) });
export type MoveRequest = z.infer<typeof MoveRequest>;

export const CourseIdParams = z.object({ courseId: z.string().max(64) });
export const LessonIdParams = CourseIdParams.extend({ lessonId: z.string().max(64) });

// Live sessions

const Clock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the 24-hour time format HH:MM.')
  .nullish();
const Link = z
  .string()
  .trim()
  .max(2000)
  .regex(/^https:\/\/\S+$/, 'Links must start with https://.')
  .nullish()
  .or(z.literal('').transform(() => null));

export const ReplayPublishing = z.enum(['draft', 'published']);
export type ReplayPublishing = z.infer<typeof ReplayPublishing>;

export const StaffSessionInput = z.object({
  type: LiveSessionType,
  title: z
    .string()
    .trim()
    .min(1, 'Enter a session title.')
    .max(200, 'Keep this under 200 characters.'),
  schedule_text: Text(300),
  days: z.array(z.number().int().min(0).max(6)).max(7).default([]),
  start_time: Clock,
  end_time: Clock,
  timezone: z.string().trim().min(1, 'Choose a time zone.').max(64),
  meeting_number: z
    .string()
    .trim()
    .regex(/^\d{9,11}$/, 'Meeting numbers are 9 to 11 digits.')
    .nullish()
    .or(z.literal('').transform(() => null)),
  passcode: z.string().trim().max(32, 'Passcodes are at most 32 characters.').nullish(),
  expectations: z.array(z.string().trim().min(1).max(300)).max(20).default([]),
  image: Image,
  sort_order: z.number().int().min(0).max(10_000).default(0),
  published: z.boolean().default(true),
  /** How a replay Zoom records arrives: as a draft staff publish, or published at once. */
  replay_publishing: ReplayPublishing.default('draft'),
});
export type StaffSessionInput = z.input<typeof StaffSessionInput>;

/** Staff also see drafts: replays members do not see yet. */
export const StaffReplay = Replay.extend({ published: z.boolean() });
export type StaffReplay = z.infer<typeof StaffReplay>;

export const StaffSession = z.object({
  id: z.string(),
  type: LiveSessionType,
  title: z.string(),
  schedule_text: z.string().nullable(),
  days: z.array(z.number().int()),
  time: SessionClock.nullable(),
  time_end: SessionClock.nullable(),
  timezone: z.string(),
  meeting_number: z.string().nullable(),
  passcode: z.string().nullable(),
  expectations: z.array(z.string()),
  image: z.string().nullable(),
  sort_order: z.number().int(),
  published: z.boolean(),
  replay_publishing: ReplayPublishing,
  live_override: z.boolean(),
  is_live: z.boolean(),
  replays: z.array(StaffReplay),
});
export type StaffSession = z.infer<typeof StaffSession>;

export const StaffSessionList = z.object({ data: z.array(StaffSession) });
export const StaffSessionAnswer = z.object({ message: z.string(), data: StaffSession });
export type StaffSessionAnswer = z.infer<typeof StaffSessionAnswer>;

export const LiveFlagRequest = z.object({ live: z.boolean() });

export const StaffReplayInput = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Enter a replay title.')
    .max(200, 'Keep this under 200 characters.'),
  recorded_on: IsoDate.nullish(),
  duration_seconds: z
    .number()
    .int()
    .min(0)
    .max(86_400, 'Duration must be at most one day.')
    .nullish(),
  topics: z.array(z.string().trim().min(1).max(60)).max(20).default([]),
  watch_url: Link,
  download_url: Link,
  passcode: z.string().trim().max(32, 'Passcodes are at most 32 characters.').nullish(),
  mentor: z.string().trim().max(120, 'Keep this under 120 characters.').nullish(),
  published: z.boolean().default(true),
});
export type StaffReplayInput = z.input<typeof StaffReplayInput>;

export const SessionIdParams = z.object({ sessionId: z.string().max(64) });

/** One member's time in one meeting, from Zoom's participant events. */
export const AttendanceVisit = z.object({
  session_id: z.string(),
  session_title: z.string(),
  user_id: z.string(),
  member_name: z.string(),
  member_email: z.string(),
  joined_at: z.string(),
  /** Null while the member is still in the meeting (or Zoom never reported the leave). */
  left_at: z.string().nullable(),
  /** Whole minutes between join and leave; null while still in. */
  minutes: z.number().int().nullable(),
});
export type AttendanceVisit = z.infer<typeof AttendanceVisit>;
export const AttendanceList = z.object({ data: z.array(AttendanceVisit) });
export type AttendanceList = z.infer<typeof AttendanceList>;
export const MemberAttendanceParams = z.object({ userId: z.string().max(64) });
export const ReplayIdParams = SessionIdParams.extend({ replayId: z.string().max(64) });

// Market events

export const MarketEventImport = z.object({
  id: z.string(),
  source: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  received: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  error: z.string().nullable(),
});
export type MarketEventImport = z.infer<typeof MarketEventImport>;

export const MarketEventImportList = z.object({
  data: z.array(MarketEventImport),
  meta: z.object({ feed_url: z.string().nullable() }),
});
export type MarketEventImportList = z.infer<typeof MarketEventImportList>;

export const FeedUploadRequest = z.object({
  file_name: z.string().trim().min(1).max(200),
  content: z
    .string()
    .min(1, 'The feed file is empty.')
    .max(900_000, 'The feed file is too large (at most 900 KB).'),
});
export type FeedUploadRequest = z.infer<typeof FeedUploadRequest>;

export const ImportAnswer = z.object({
  message: z.string(),
  status: z.enum(['succeeded', 'failed', 'skipped']),
});
export type ImportAnswer = z.infer<typeof ImportAnswer>;

// Uploads

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UploadAnswer = z.object({
  message: z.string(),
  data: z.object({ url: z.string(), content_type: z.string(), size: z.number().int() }),
});
export type UploadAnswer = z.infer<typeof UploadAnswer>;

const tags = ['staff'];

/** The staff console's content: courses and lessons, live sessions, market-event imports. */
export const staffContentEndpoints = {
  listCourses: endpoint({
    method: 'GET',
    path: '/api/staff/courses',
    tags,
    response: { 200: StaffCourseList },
  }),
  createCourse: endpoint({
    method: 'POST',
    path: '/api/staff/courses',
    tags,
    body: StaffCourseInput,
    response: { 200: StaffCourseAnswer },
  }),
  getCourse: endpoint({
    method: 'GET',
    path: '/api/staff/courses/:courseId',
    tags,
    params: CourseIdParams,
    response: { 200: z.object({ data: StaffCourse }) },
  }),
  updateCourse: endpoint({
    method: 'PUT',
    path: '/api/staff/courses/:courseId',
    tags,
    params: CourseIdParams,
    body: StaffCourseInput,
    response: { 200: StaffCourseAnswer },
  }),
  createLesson: endpoint({
    method: 'POST',
    path: '/api/staff/courses/:courseId/lessons',
    tags,
    params: CourseIdParams,
    body: StaffLessonInput,
    response: { 200: StaffLessonAnswer },
  }),
  getLesson: endpoint({
    method: 'GET',
    path: '/api/staff/courses/:courseId/lessons/:lessonId',
    tags,
    params: LessonIdParams,
    response: { 200: z.object({ data: StaffLesson }) },
  }),
  updateLesson: endpoint({
    method: 'PUT',
    path: '/api/staff/courses/:courseId/lessons/:lessonId',
    tags,
    params: LessonIdParams,
    body: StaffLessonInput,
    response: { 200: StaffLessonAnswer },
  }),
  moveLesson: endpoint({
    method: 'POST',
    path: '/api/staff/courses/:courseId/lessons/:lessonId/move',
    tags,
    params: LessonIdParams,
    body: MoveRequest,
    response: { 200: StaffCourseAnswer },
  }),
  listSessions: endpoint({
    method: 'GET',
    path: '/api/staff/live-sessions',
    tags,
    response: { 200: StaffSessionList },
  }),
  createSession: endpoint({
    method: 'POST',
    path: '/api/staff/live-sessions',
    tags,
    body: StaffSessionInput,
    response: { 200: StaffSessionAnswer },
  }),
  getSession: endpoint({
    method: 'GET',
    path: '/api/staff/live-sessions/:sessionId',
    tags,
    params: SessionIdParams,
    response: { 200: z.object({ data: StaffSession }) },
  }),
  updateSession: endpoint({
    method: 'PUT',
    path: '/api/staff/live-sessions/:sessionId',
    tags,
    params: SessionIdParams,
    body: StaffSessionInput,
    response: { 200: StaffSessionAnswer },
  }),
  setSessionLive: endpoint({
    method: 'PUT',
    path: '/api/staff/live-sessions/:sessionId/live',
    tags,
    params: SessionIdParams,
    body: LiveFlagRequest,
    response: { 200: StaffSessionAnswer },
  }),
  addReplay: endpoint({
    method: 'POST',
    path: '/api/staff/live-sessions/:sessionId/replays',
    tags,
    params: SessionIdParams,
    body: StaffReplayInput,
    response: { 200: StaffSessionAnswer },
  }),
  updateReplay: endpoint({
    method: 'PUT',
    path: '/api/staff/live-sessions/:sessionId/replays/:replayId',
    tags,
    params: ReplayIdParams,
    body: StaffReplayInput,
    response: { 200: StaffSessionAnswer },
  }),
  deleteReplay: endpoint({
    method: 'DELETE',
    path: '/api/staff/live-sessions/:sessionId/replays/:replayId',
    tags,
    params: ReplayIdParams,
    response: { 200: StaffSessionAnswer },
  }),
  getSessionAttendance: endpoint({
    method: 'GET',
    path: '/api/staff/live-sessions/:sessionId/attendance',
    tags,
    params: SessionIdParams,
    response: { 200: AttendanceList },
  }),
  getMemberAttendance: endpoint({
    method: 'GET',
    path: '/api/staff/live-sessions/attendance/members/:userId',
    tags,
    params: MemberAttendanceParams,
    response: { 200: AttendanceList },
  }),
  listEventImports: endpoint({
    method: 'GET',
    path: '/api/staff/market-events/imports',
    tags,
    response: { 200: MarketEventImportList },
  }),
  uploadEventImport: endpoint({
    method: 'POST',
    path: '/api/staff/market-events/imports/upload',
    tags,
    body: FeedUploadRequest,
    response: { 200: ImportAnswer },
  }),
  fetchEventImport: endpoint({
    method: 'POST',
    path: '/api/staff/market-events/imports/fetch',
    tags,
    response: { 200: ImportAnswer },
  }),
};

/** Images for staff content: one file as multipart field `file` (no JSON body to define). */
export const uploadEndpoints = {
  uploadImage: endpoint({
    method: 'POST',
    path: '/api/staff/uploads',
    tags: ['staff'],
    consumes: ['multipart/form-data'],
    response: { 200: UploadAnswer },
  }),
};
