import type { FastifyInstance } from 'fastify';
import { courseEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { getCourse, listCourses, updateProgress } from './service.ts';

/** Education courses and each member's lesson progress (active members only). */
export async function courseRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(courseEndpoints.getCourses, { access: 'member' }, (request) =>
    listCourses(ctx, authOf(request)),
  );

  route(courseEndpoints.getCourse, { access: 'member' }, (request) =>
    getCourse(ctx, authOf(request), request.params.courseSlug),
  );

  route(courseEndpoints.updateProgress, { access: 'member' }, (request) =>
    updateProgress(
      ctx,
      authOf(request).userId,
      request.params.courseSlug,
      request.params.moduleSlug,
      request.body,
    ),
  );
}
