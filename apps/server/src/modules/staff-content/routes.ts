import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffContentEndpoints, StaffPermissions } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { serverRoute } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import * as courses from './courses.ts';
import * as events from './market-events.ts';
import * as sessions from './sessions.ts';

const content = { access: 'member' as const, permission: StaffPermissions.content };
const sessionsManage = { access: 'member' as const, permission: StaffPermissions.sessions };
const eventsManage = { access: 'member' as const, permission: StaffPermissions.events };

/** The staff console's content: courses and lessons, live sessions and replays, market events. */
export async function staffContentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...serverRoute(staffContentEndpoints.listCourses),
    config: content,
    handler: () => courses.listCourses(ctx),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.createCourse),
    config: content,
    handler: (request) => courses.createCourse(ctx, authOf(request), request.body),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.getCourse),
    config: content,
    handler: (request) => courses.getCourse(ctx, request.params.courseId),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.updateCourse),
    config: content,
    handler: (request) =>
      courses.updateCourse(ctx, authOf(request), request.params.courseId, request.body),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.createLesson),
    config: content,
    handler: (request) =>
      courses.createLesson(ctx, authOf(request), request.params.courseId, request.body),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.getLesson),
    config: content,
    handler: (request) => courses.getLesson(ctx, request.params.courseId, request.params.lessonId),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.updateLesson),
    config: content,
    handler: (request) =>
      courses.updateLesson(
        ctx,
        authOf(request),
        request.params.courseId,
        request.params.lessonId,
        request.body,
      ),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.moveLesson),
    config: content,
    handler: (request) =>
      courses.moveLesson(
        ctx,
        authOf(request),
        request.params.courseId,
        request.params.lessonId,
        request.body,
      ),
  });

  r.route({
    ...serverRoute(staffContentEndpoints.listSessions),
    config: sessionsManage,
    handler: () => sessions.listSessions(ctx),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.createSession),
    config: sessionsManage,
    handler: (request) => sessions.createSession(ctx, authOf(request), request.body),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.getSession),
    config: sessionsManage,
    handler: (request) => sessions.getSession(ctx, request.params.sessionId),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.updateSession),
    config: sessionsManage,
    handler: (request) =>
      sessions.updateSession(ctx, authOf(request), request.params.sessionId, request.body),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.setSessionLive),
    config: sessionsManage,
    handler: (request) =>
      sessions.setLiveFlag(ctx, authOf(request), request.params.sessionId, request.body.live),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.addReplay),
    config: sessionsManage,
    handler: (request) =>
      sessions.addReplay(ctx, authOf(request), request.params.sessionId, request.body),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.updateReplay),
    config: sessionsManage,
    handler: (request) =>
      sessions.updateReplay(
        ctx,
        authOf(request),
        request.params.sessionId,
        request.params.replayId,
        request.body,
      ),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.deleteReplay),
    config: sessionsManage,
    handler: (request) =>
      sessions.deleteReplay(
        ctx,
        authOf(request),
        request.params.sessionId,
        request.params.replayId,
      ),
  });

  r.route({
    ...serverRoute(staffContentEndpoints.listEventImports),
    config: eventsManage,
    handler: () => events.listImports(ctx),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.uploadEventImport),
    // JSON inside JSON grows with escaping; the file itself is limited by the contract.
    bodyLimit: 2 * 1024 * 1024,
    config: eventsManage,
    handler: (request) => events.importUploadedFeed(ctx, authOf(request), request.body),
  });
  r.route({
    ...serverRoute(staffContentEndpoints.fetchEventImport),
    config: eventsManage,
    handler: (request) => events.importFromFeed(ctx, authOf(request)),
  });
}
