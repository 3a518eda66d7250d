import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { courseEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { serverRoute } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { getCourse, listCourses, updateProgress } from './service.ts';

/** Education courses and each member's lesson progress (active members only). */
export async function courseRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...serverRoute(courseEndpoints.getCourses),
    config: { access: 'member' },
    handler: (request) => listCourses(ctx, authOf(request).userId),
  });

  r.route({
    ...serverRoute(courseEndpoints.getCourse),
    config: { access: 'member' },
    handler: (request) => getCourse(ctx, authOf(request).userId, request.params.courseSlug),
  });

  r.route({
    ...serverRoute(courseEndpoints.updateProgress),
    config: { access: 'member' },
    handler: (request) =>
      updateProgress(
        ctx,
        authOf(request).userId,
        request.params.courseSlug,
        request.params.moduleSlug,
        request.body,
      ),
  });
}
