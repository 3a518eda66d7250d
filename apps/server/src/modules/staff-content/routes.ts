import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CourseIdParams,
  FeedUploadRequest,
  ImportAnswer,
  LessonIdParams,
  LiveFlagRequest,
  MarketEventImportList,
  MoveRequest,
  ReplayIdParams,
  SessionIdParams,
  StaffCourse,
  StaffCourseAnswer,
  StaffCourseInput,
  StaffCourseList,
  StaffLesson,
  StaffLessonAnswer,
  StaffLessonInput,
  StaffPermissions,
  StaffReplayInput,
  StaffSession,
  StaffSessionAnswer,
  StaffSessionInput,
  StaffSessionList,
} from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import * as courses from './courses.ts';
import * as events from './market-events.ts';
import * as sessions from './sessions.ts';

const content = { access: 'member' as const, permission: StaffPermissions.content };
const sessionsManage = { access: 'member' as const, permission: StaffPermissions.sessions };
const eventsManage = { access: 'member' as const, permission: StaffPermissions.events };
const tags = ['staff'];

/** The staff console's content: courses and lessons, live sessions and replays, market events. */
export async function staffContentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/staff/courses', { schema: { tags, response: { 200: StaffCourseList } }, config: content }, () =>
    courses.listCourses(ctx),
  );
  r.post(
    '/staff/courses',
    { schema: { tags, body: StaffCourseInput, response: { 200: StaffCourseAnswer } }, config: content },
    (request) => courses.createCourse(ctx, authOf(request), request.body),
  );
  r.get(
    '/staff/courses/:courseId',
    { schema: { tags, params: CourseIdParams, response: { 200: z.object({ data: StaffCourse }) } }, config: content },
    (request) => courses.getCourse(ctx, request.params.courseId),
  );
  r.put(
    '/staff/courses/:courseId',
    { schema: { tags, params: CourseIdParams, body: StaffCourseInput, response: { 200: StaffCourseAnswer } }, config: content },
    (request) => courses.updateCourse(ctx, authOf(request), request.params.courseId, request.body),
  );
  r.post(
    '/staff/courses/:courseId/lessons',
    { schema: { tags, params: CourseIdParams, body: StaffLessonInput, response: { 200: StaffLessonAnswer } }, config: content },
    (request) => courses.createLesson(ctx, authOf(request), request.params.courseId, request.body),
  );
  r.get(
    '/staff/courses/:courseId/lessons/:lessonId',
    { schema: { tags, params: LessonIdParams, response: { 200: z.object({ data: StaffLesson }) } }, config: content },
    (request) => courses.getLesson(ctx, request.params.courseId, request.params.lessonId),
  );
  r.put(
    '/staff/courses/:courseId/lessons/:lessonId',
    { schema: { tags, params: LessonIdParams, body: StaffLessonInput, response: { 200: StaffLessonAnswer } }, config: content },
    (request) =>
      courses.updateLesson(ctx, authOf(request), request.params.courseId, request.params.lessonId, request.body),
  );
  r.post(
    '/staff/courses/:courseId/lessons/:lessonId/move',
    { schema: { tags, params: LessonIdParams, body: MoveRequest, response: { 200: StaffCourseAnswer } }, config: content },
    (request) =>
      courses.moveLesson(ctx, authOf(request), request.params.courseId, request.params.lessonId, request.body),
  );

  r.get('/staff/live-sessions', { schema: { tags, response: { 200: StaffSessionList } }, config: sessionsManage }, () =>
    sessions.listSessions(ctx),
  );
  r.post(
    '/staff/live-sessions',
    { schema: { tags, body: StaffSessionInput, response: { 200: StaffSessionAnswer } }, config: sessionsManage },
    (request) => sessions.createSession(ctx, authOf(request), request.body),
  );
  r.get(
    '/staff/live-sessions/:sessionId',
    { schema: { tags, params: SessionIdParams, response: { 200: z.object({ data: StaffSession }) } }, config: sessionsManage },
    (request) => sessions.getSession(ctx, request.params.sessionId),
  );
  r.put(
    '/staff/live-sessions/:sessionId',
    {
      schema: { tags, params: SessionIdParams, body: StaffSessionInput, response: { 200: StaffSessionAnswer } },
      config: sessionsManage,
    },
    (request) => sessions.updateSession(ctx, authOf(request), request.params.sessionId, request.body),
  );
  r.put(
    '/staff/live-sessions/:sessionId/live',
    {
      schema: { tags, params: SessionIdParams, body: LiveFlagRequest, response: { 200: StaffSessionAnswer } },
      config: sessionsManage,
    },
    (request) => sessions.setLiveFlag(ctx, authOf(request), request.params.sessionId, request.body.live),
  );
  r.post(
    '/staff/live-sessions/:sessionId/replays',
    {
      schema: { tags, params: SessionIdParams, body: StaffReplayInput, response: { 200: StaffSessionAnswer } },
      config: sessionsManage,
    },
    (request) => sessions.addReplay(ctx, authOf(request), request.params.sessionId, request.body),
  );
  r.put(
    '/staff/live-sessions/:sessionId/replays/:replayId',
    {
      schema: { tags, params: ReplayIdParams, body: StaffReplayInput, response: { 200: StaffSessionAnswer } },
      config: sessionsManage,
    },
    (request) =>
      sessions.updateReplay(ctx, authOf(request), request.params.sessionId, request.params.replayId, request.body),
  );
  r.delete(
    '/staff/live-sessions/:sessionId/replays/:replayId',
    { schema: { tags, params: ReplayIdParams, response: { 200: StaffSessionAnswer } }, config: sessionsManage },
    (request) => sessions.deleteReplay(ctx, authOf(request), request.params.sessionId, request.params.replayId),
  );

  r.get(
    '/staff/market-events/imports',
    { schema: { tags, response: { 200: MarketEventImportList } }, config: eventsManage },
    () => events.listImports(ctx),
  );
  r.post(
    '/staff/market-events/imports/upload',
    {
      // JSON inside JSON grows with escaping; the file itself is limited by the contract.
      bodyLimit: 2 * 1024 * 1024,
      schema: { tags, body: FeedUploadRequest, response: { 200: ImportAnswer } },
      config: eventsManage,
    },
    (request) => events.importUploadedFeed(ctx, authOf(request), request.body),
  );
  r.post(
    '/staff/market-events/imports/fetch',
    { schema: { tags, response: { 200: ImportAnswer } }, config: eventsManage },
    (request) => events.importFromFeed(ctx, authOf(request)),
  );
}
