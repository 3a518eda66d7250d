import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * A lesson's status as one member sees it: the staff setting, with 'locked' lessons opened by
 * this member's progress shown as in-progress, and finished ones as completed.
 */
export const ModuleStatus = z.enum([
  'locked',
  'coming_soon',
  'unavailable',
  'in-progress',
  'completed',
]);
export type ModuleStatus = z.infer<typeof ModuleStatus>;

export const ModuleProgress = z.object({
  progress_percent: z.number().int().min(0).max(100),
  is_completed: z.boolean(),
  completed_at: z.string().nullable(),
});
export type ModuleProgress = z.infer<typeof ModuleProgress>;

export const ModuleSection = z.object({
  id: z.string(),
  heading: z.string(),
  description: z.string().nullable(),
  image: z.object({ src: z.string(), alt: z.string() }).nullable(),
  checklist: z.array(z.string()),
});
export type ModuleSection = z.infer<typeof ModuleSection>;

/** A lesson. Locked lessons come without their content (overview, hero, HTML, sections). */
export const CourseModule = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  duration_human: z.string().nullable(),
  status: ModuleStatus,
  progress: ModuleProgress,
  overview: z.string().nullable(),
  hero_image: z.string().nullable(),
  hero_alt: z.string().nullable(),
  hero_caption: z.string().nullable(),
  content_html: z.string().nullable(),
  sections: z.array(ModuleSection),
});
export type CourseModule = z.infer<typeof CourseModule>;

export const CourseSummary = z.object({
  slug: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  modules_count: z.number().int(),
  sort_order: z.number().int(),
  url: z.string(),
  /** Share of this course's lessons the member completed, 0–100. */
  progress_percent: z.number().int().min(0).max(100),
});
export type CourseSummary = z.infer<typeof CourseSummary>;

export const CourseListResponse = z.object({ data: z.array(CourseSummary) });
export type CourseListResponse = z.infer<typeof CourseListResponse>;

export const CourseDetail = CourseSummary.extend({
  hero_image: z.string().nullable(),
  modules: z.array(CourseModule),
});
export type CourseDetail = z.infer<typeof CourseDetail>;

export const CourseDetailResponse = z.object({ data: CourseDetail });
export type CourseDetailResponse = z.infer<typeof CourseDetailResponse>;

export const CourseParams = z.object({ courseSlug: z.string().min(1).max(120) });
export const ModuleParams = CourseParams.extend({ moduleSlug: z.string().min(1).max(120) });

/** `{completed: true}` marks a lesson done; a progress percent records partial progress. */
export const UpdateProgressRequest = z.object({
  completed: z.boolean().optional(),
  progress_percent: z
    .number({ error: 'Progress must be a number from 0 to 100.' })
    .finite()
    .optional(),
});
export type UpdateProgressRequest = z.infer<typeof UpdateProgressRequest>;

export const UpdateProgressResponse = z.object({
  data: ModuleProgress.extend({
    module: z.string(),
    status: ModuleStatus,
    course_progress_percent: z.number().int().min(0).max(100),
    /** The lesson after this one, as it now stands for the member (null after the last). */
    next_module: CourseModule.nullable(),
  }),
});
export type UpdateProgressResponse = z.infer<typeof UpdateProgressResponse>;

/** The member's courses and their progress through each module. */
export const courseEndpoints = {
  getCourses: endpoint({
    method: 'GET',
    path: '/api/courses',
    tags: ['courses'],
    response: { 200: CourseListResponse },
  }),
  getCourse: endpoint({
    method: 'GET',
    path: '/api/courses/:courseSlug',
    tags: ['courses'],
    params: CourseParams,
    response: { 200: CourseDetailResponse },
  }),
  updateProgress: endpoint({
    method: 'PUT',
    path: '/api/courses/:courseSlug/modules/:moduleSlug/progress',
    tags: ['courses'],
    params: ModuleParams,
    body: UpdateProgressRequest,
    response: { 200: UpdateProgressResponse },
  }),
};
