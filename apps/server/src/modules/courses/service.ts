import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CourseDetailResponse, CourseListResponse, UpdateProgressRequest, UpdateProgressResponse } from '@th/contracts';
import { courseProgress } from '@th/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { courseModules, courses, moduleProgress, moduleSections } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { memberAnswer, type ContentReader } from '../../lib/revisioned-answers.ts';
import { toCourseDetail, toCourseModule, toCourseSummary } from './present.ts';
import { memberStatuses, nextProgress, progressRefusal, type ProgressState } from './rules.ts';

type LessonRow = typeof courseModules.$inferSelect;

async function progressOf(db: Executor, userId: string, lessonIds: string[]): Promise<Map<string, ProgressState>> {
  if (lessonIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(moduleProgress)
    .where(and(eq(moduleProgress.userId, userId), inArray(moduleProgress.moduleId, lessonIds)));
  return new Map(rows.map((row) => [row.moduleId, row]));
}

/**
 * A member's course answers depend on the courses' content (staff writes) and on their own
 * progress: both revisions make the version, so either kind of write is seen at once.
 */
export type CourseReader = ContentReader & { userId: string; courseRevision: number };

function versionOf(member: CourseReader) {
  return `${member.contentRevisions.courses}/${member.courseRevision}`;
}

function statusesOf(lessons: readonly LessonRow[], progress: Map<string, ProgressState>) {
  return memberStatuses(lessons.map((l) => ({ setting: l.status, progress: progress.get(l.id) })));
}

/** Published courses in order, each with its lesson count and the member's progress. */
export async function listCourses(ctx: AppContext, member: CourseReader): Promise<CourseListResponse> {
  return memberAnswer(ctx, member.userId, 'courses', versionOf(member), () => courseList(ctx, member.userId));
}

async function courseList(ctx: AppContext, userId: string): Promise<CourseListResponse> {
  const rows = await ctx.db
    .select()
    .from(courses)
    .where(eq(courses.status, 'published'))
    .orderBy(asc(courses.sortOrder), asc(courses.title));
  if (rows.length === 0) return { data: [] };
  const lessons = await ctx.db
    .select()
    .from(courseModules)
    .where(inArray(courseModules.courseId, rows.map((c) => c.id)))
    .orderBy(asc(courseModules.sortOrder), asc(courseModules.title));
  const progress = await progressOf(ctx.db, userId, lessons.map((l) => l.id));
  return {
    data: rows.map((course) => toCourseSummary(course, statusesOf(lessons.filter((l) => l.courseId === course.id), progress))),
  };
}

async function loadCourse(db: Executor, userId: string, slug: string) {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.slug, slug), eq(courses.status, 'published')));
  if (!course) throw new AppError('not_found', 'Course not found.');
  const lessons = await db
    .select()
    .from(courseModules)
    .where(eq(courseModules.courseId, course.id))
    .orderBy(asc(courseModules.sortOrder), asc(courseModules.title));
  const progress = await progressOf(db, userId, lessons.map((l) => l.id));
  return { course, lessons, progress };
}

async function sectionsOf(db: Executor, lessonIds: string[]) {
  const rows =
    lessonIds.length === 0
      ? []
      : await db
          .select()
          .from(moduleSections)
          .where(inArray(moduleSections.moduleId, lessonIds))
          .orderBy(asc(moduleSections.sortOrder));
  return (lessonId: string) => rows.filter((s) => s.moduleId === lessonId);
}

/** One course with its lessons as this member sees them (locked lessons without content). */
export async function getCourse(ctx: AppContext, member: CourseReader, slug: string): Promise<CourseDetailResponse> {
  return memberAnswer(ctx, member.userId, `course ${slug}`, versionOf(member), () => courseOf(ctx, member.userId, slug));
}

async function courseOf(ctx: AppContext, userId: string, slug: string): Promise<CourseDetailResponse> {
  const { course, lessons, progress } = await loadCourse(ctx.db, userId, slug);
  const statuses = statusesOf(lessons, progress);
  const sections = await sectionsOf(ctx.db, lessons.map((l) => l.id));
  const modules = lessons.map((lesson, i) => toCourseModule(lesson, statuses[i]!, progress.get(lesson.id), sections(lesson.id)));
  return { data: toCourseDetail(course, modules) };
}

/**
 * Records a member's progress on a lesson. Completing it also unlocks the next lesson when
 * that one is 'locked', stored per member so the unlock survives reloads and other devices.
 */
export async function updateProgress(
  ctx: AppContext,
  userId: string,
  courseSlug: string,
  lessonSlug: string,
  update: UpdateProgressRequest,
): Promise<UpdateProgressResponse> {
  if (update.completed !== true && update.progress_percent === undefined) {
    throw AppError.invalid('completed', 'Send completed: true or a progress percent.');
  }
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { lessons, progress } = await loadCourse(tx, userId, courseSlug);
    const index = lessons.findIndex((l) => l.slug === lessonSlug);
    const lesson = lessons[index];
    if (!lesson) throw new AppError('not_found', 'Lesson not found.');
    const refusal = progressRefusal(statusesOf(lessons, progress)[index]!);
    if (refusal) throw new AppError('conflict', refusal);

    const next = nextProgress(progress.get(lesson.id), update, now);
    const [saved] = await tx
      .insert(moduleProgress)
      .values({ userId, moduleId: lesson.id, ...next })
      .onConflictDoUpdate({
        target: [moduleProgress.userId, moduleProgress.moduleId],
        // A concurrent request may have got there first: keep the higher percent and the first completion.
        set: {
          progressPercent: sql`greatest(${moduleProgress.progressPercent}, excluded.progress_percent)`,
          completedAt: sql`coalesce(${moduleProgress.completedAt}, excluded.completed_at)`,
          updatedAt: now,
        },
      })
      .returning();
    progress.set(lesson.id, saved!);

    // The next locked lesson (platform §4), past any coming soon, unavailable or open ones.
    const followingIndex = lessons.findIndex(
      (l, i) => i > index && l.status === 'locked' && !progress.get(l.id)?.completedAt,
    );
    const following = followingIndex === -1 ? undefined : lessons[followingIndex];
    if (saved!.completedAt && following && !progress.get(following.id)?.unlockedAt) {
      const [unlocked] = await tx
        .insert(moduleProgress)
        .values({ userId, moduleId: following.id, unlockedAt: now })
        .onConflictDoUpdate({
          target: [moduleProgress.userId, moduleProgress.moduleId],
          set: { unlockedAt: sql`coalesce(${moduleProgress.unlockedAt}, excluded.unlocked_at)`, updatedAt: now },
        })
        .returning();
      progress.set(following.id, unlocked!);
    }

    const statuses = statusesOf(lessons, progress);
    const nextModule = following
      ? toCourseModule(following, statuses[followingIndex]!, progress.get(following.id), (await sectionsOf(tx, [following.id]))(following.id))
      : null;
    return {
      data: {
        module: lesson.slug,
        status: statuses[index]!,
        progress_percent: saved!.completedAt ? 100 : saved!.progressPercent,
        is_completed: !!saved!.completedAt,
        completed_at: saved!.completedAt?.toISOString() ?? null,
        course_progress_percent: courseProgress(statuses.map((status) => ({ status }))).percent,
        next_module: nextModule,
      },
    };
  });
}
