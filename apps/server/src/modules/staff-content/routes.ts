import type { FastifyInstance } from 'fastify';
import { staffContentEndpoints, StaffPermissions } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import * as courses from './courses.ts';
import * as events from './market-events.ts';
import * as sessions from './sessions.ts';
import { attendanceOfMember, attendanceOfSession } from '../live-sessions/index.ts';

const content = { access: 'member' as const, permission: StaffPermissions.content };
const sessionsManage = { access: 'member' as const, permission: StaffPermissions.sessions };
const eventsManage = { access: 'member' as const, permission: StaffPermissions.events };

/** The staff console's content: courses and lessons, live sessions and replays, market events. */
export async function staffContentRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(staffContentEndpoints.listCourses, content, () => courses.listCourses(ctx));
  route(staffContentEndpoints.createCourse, content, (request) =>
    courses.createCourse(ctx, authOf(request), request.body),
  );
  route(staffContentEndpoints.getCourse, content, (request) =>
    courses.getCourse(ctx, request.params.courseId),
  );
  route(staffContentEndpoints.updateCourse, content, (request) =>
    courses.updateCourse(ctx, authOf(request), request.params.courseId, request.body),
  );
  route(staffContentEndpoints.createLesson, content, (request) =>
    courses.createLesson(ctx, authOf(request), request.params.courseId, request.body),
  );
  route(staffContentEndpoints.getLesson, content, (request) =>
    courses.getLesson(ctx, request.params.courseId, request.params.lessonId),
  );
  route(staffContentEndpoints.updateLesson, content, (request) =>
    courses.updateLesson(
      ctx,
      authOf(request),
      request.params.courseId,
      request.params.lessonId,
      request.body,
    ),
  );
  route(staffContentEndpoints.moveLesson, content, (request) =>
    courses.moveLesson(
      ctx,
      authOf(request),
      request.params.courseId,
      request.params.lessonId,
      request.body,
    ),
  );

  route(staffContentEndpoints.listSessions, sessionsManage, () => sessions.listSessions(ctx));
  route(staffContentEndpoints.createSession, sessionsManage, (request) =>
    sessions.createSession(ctx, authOf(request), request.body),
  );
  route(staffContentEndpoints.getSession, sessionsManage, (request) =>
    sessions.getSession(ctx, request.params.sessionId),
  );
  route(staffContentEndpoints.updateSession, sessionsManage, (request) =>
    sessions.updateSession(ctx, authOf(request), request.params.sessionId, request.body),
  );
  route(staffContentEndpoints.setSessionLive, sessionsManage, (request) =>
    sessions.setLiveFlag(ctx, authOf(request), request.params.sessionId, request.body.live),
  );
  route(staffContentEndpoints.addReplay, sessionsManage, (request) =>
    sessions.addReplay(ctx, authOf(request), request.params.sessionId, request.body),
  );
  route(staffContentEndpoints.updateReplay, sessionsManage, (request) =>
    sessions.updateReplay(
      ctx,
      authOf(request),
      request.params.sessionId,
      request.params.replayId,
      request.body,
    ),
  );
  route(staffContentEndpoints.deleteReplay, sessionsManage, (request) =>
    sessions.deleteReplay(ctx, authOf(request), request.params.sessionId, request.params.replayId),
  );
  // Who attended comes from Zoom's participant events; mentors who run sessions may see it.
  route(staffContentEndpoints.getSessionAttendance, sessionsManage, (request) =>
    attendanceOfSession(ctx, request.params.sessionId),
  );
  route(staffContentEndpoints.getMemberAttendance, sessionsManage, (request) =>
    attendanceOfMember(ctx, request.params.userId),
  );

  route(staffContentEndpoints.listEventImports, eventsManage, () => events.listImports(ctx));
  // JSON inside JSON grows with escaping; the file itself is limited by the contract.
  route(
    staffContentEndpoints.uploadEventImport,
    eventsManage,
    (request) => events.importUploadedFeed(ctx, authOf(request), request.body),
    { bodyLimit: 2 * 1024 * 1024 },
  );
  route(staffContentEndpoints.fetchEventImport, eventsManage, (request) =>
    events.importFromFeed(ctx, authOf(request)),
  );
}
