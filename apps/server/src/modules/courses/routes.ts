import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CourseDetailResponse,
  CourseListResponse,
  CourseParams,
  ModuleParams,
  UpdateProgressRequest,
  UpdateProgressResponse,
} from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { getCourse, listCourses, updateProgress } from './service.ts';

/** Education courses and each member's lesson progress (active members only). */
export async function courseRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/courses',
    { schema: { tags: ['courses'], response: { 200: CourseListResponse } }, config: { access: 'member' } },
    (request) => listCourses(ctx, authOf(request).userId),
  );

  r.get(
    '/courses/:courseSlug',
    {
      schema: { tags: ['courses'], params: CourseParams, response: { 200: CourseDetailResponse } },
      config: { access: 'member' },
    },
    (request) => getCourse(ctx, authOf(request).userId, request.params.courseSlug),
  );

  r.put(
    '/courses/:courseSlug/modules/:moduleSlug/progress',
    {
      schema: {
        tags: ['courses'],
        params: ModuleParams,
        body: UpdateProgressRequest,
        response: { 200: UpdateProgressResponse },
      },
      config: { access: 'member' },
    },
    (request) =>
      updateProgress(ctx, authOf(request).userId, request.params.courseSlug, request.params.moduleSlug, request.body),
  );
}
