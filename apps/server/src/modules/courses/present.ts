import type { CourseDetail, CourseModule, CourseSummary, ModuleStatus } from '@th/contracts';
import { courseProgress, durationLabel } from '@th/domain';
import type { courseModules, courses, moduleSections } from '../../db/schema/index.ts';
import type { ProgressState } from './rules.ts';

type CourseRow = typeof courses.$inferSelect;
type LessonRow = typeof courseModules.$inferSelect;
type SectionRow = typeof moduleSections.$inferSelect;

/** A lesson as one member sees it. A locked lesson shows its name and length, not its content. */
export function toCourseModule(
  lesson: LessonRow,
  status: ModuleStatus,
  progress: ProgressState | undefined,
  sections: readonly SectionRow[],
): CourseModule {
  const open = status === 'in-progress' || status === 'completed';
  return {
    id: lesson.id,
    slug: lesson.slug,
    title: lesson.title,
    summary: lesson.summary,
    duration_seconds: lesson.durationSeconds,
    duration_human: durationLabel(lesson.durationSeconds),
    status,
    progress: {
      progress_percent: progress?.completedAt ? 100 : (progress?.progressPercent ?? 0),
      is_completed: !!progress?.completedAt,
      completed_at: progress?.completedAt?.toISOString() ?? null,
    },
    overview: open ? lesson.overview : null,
    hero_image: open ? lesson.heroImage : null,
    hero_alt: open ? lesson.heroAlt : null,
    hero_caption: open ? lesson.heroCaption : null,
    content_html: open ? lesson.contentHtml : null,
    sections: open
      ? sections.map((s) => ({
          id: s.id,
          heading: s.heading,
          description: s.description,
          image: s.imageSrc ? { src: s.imageSrc, alt: s.imageAlt ?? '' } : null,
          checklist: s.checklist,
        }))
      : [],
  };
}

export function toCourseSummary(course: CourseRow, statuses: readonly ModuleStatus[]): CourseSummary {
  return {
    slug: course.slug,
    title: course.title,
    subtitle: course.subtitle,
    description: course.description,
    image: course.heroImage,
    modules_count: statuses.length,
    sort_order: course.sortOrder,
    url: `/courses/${course.slug}`,
    progress_percent: courseProgress(statuses.map((status) => ({ status }))).percent,
  };
}

export function toCourseDetail(course: CourseRow, modules: CourseModule[]): CourseDetail {
  return {
    ...toCourseSummary(
      course,
      modules.map((m) => m.status),
    ),
    hero_image: course.heroImage,
    modules,
  };
}
