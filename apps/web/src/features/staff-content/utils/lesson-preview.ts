import type { CourseModule, StaffLesson } from '@th/contracts';
import { durationLabel } from '@th/domain';

/**
 * The lesson as a member with access would receive it from /api/courses: open, no progress yet.
 * Locked, coming-soon and unavailable lessons are shown open too, so staff can check them
 * before they publish.
 */
export function previewModule(lesson: StaffLesson): CourseModule {
  return {
    id: lesson.id,
    slug: lesson.slug,
    title: lesson.title,
    summary: lesson.summary,
    duration_seconds: lesson.duration_seconds,
    duration_human: durationLabel(lesson.duration_seconds),
    status: 'in-progress',
    progress: { progress_percent: 0, is_completed: false, completed_at: null },
    overview: lesson.overview,
    hero_image: lesson.hero_image,
    hero_alt: lesson.hero_alt,
    hero_caption: lesson.hero_caption,
    content_html: lesson.content_html,
    sections: lesson.sections,
  };
}
