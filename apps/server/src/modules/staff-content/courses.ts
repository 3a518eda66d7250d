import { and, asc, eq, max, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { MoveRequest, StaffCourse, StaffCourseInput, StaffLesson, StaffLessonInput } from '@th/contracts';
import type { AppContext, AuthContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { courseModules, courses, moduleSections } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { placeLesson, renameCourse, renameLesson, saveCourse, saveLesson } from '../courses/index.ts';
import { recordAudit } from '../staff/index.ts';
import { isUuid } from '../../lib/ids.ts';

type CourseValues = z.output<typeof StaffCourseInput>;
type LessonValues = z.output<typeof StaffLessonInput>;

const asId = (id: string) => (isUuid(id) ? id : null);

async function loadCourse(db: Executor, id: string): Promise<StaffCourse> {
  const uuid = asId(id);
  const [row] = uuid ? await db.select().from(courses).where(eq(courses.id, uuid)) : [];
  if (!row) throw new AppError('not_found', 'Course not found.');
  const lessons = await db
    .select()
    .from(courseModules)
    .where(eq(courseModules.courseId, row.id))
    .orderBy(asc(courseModules.sortOrder), asc(courseModules.createdAt));
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    hero_image: row.heroImage,
    sort_order: row.sortOrder,
    status: row.status,
    updated_at: row.updatedAt.toISOString(),
    lessons: lessons.map((l) => ({
      id: l.id,
      slug: l.slug,
      title: l.title,
      status: l.status,
      duration_seconds: l.durationSeconds,
      sort_order: l.sortOrder,
    })),
  };
}

async function loadLesson(db: Executor, courseId: string, lessonId: string): Promise<StaffLesson> {
  const course = asId(courseId);
  const lesson = asId(lessonId);
  const [row] =
    course && lesson
      ? await db
          .select({ lesson: courseModules, courseSlug: courses.slug })
          .from(courseModules)
          .innerJoin(courses, eq(courses.id, courseModules.courseId))
          .where(and(eq(courseModules.id, lesson), eq(courseModules.courseId, course)))
      : [];
  if (!row) throw new AppError('not_found', 'Lesson not found.');
  const l = row.lesson;
  const sections = await db
    .select()
    .from(moduleSections)
    .where(eq(moduleSections.moduleId, l.id))
    .orderBy(asc(moduleSections.sortOrder));
  return {
    id: l.id,
    course_id: l.courseId,
    course_slug: row.courseSlug,
    slug: l.slug,
    title: l.title,
    summary: l.summary,
    overview: l.overview,
    duration_seconds: l.durationSeconds,
    status: l.status,
    hero_image: l.heroImage,
    hero_alt: l.heroAlt,
    hero_caption: l.heroCaption,
    content_html: l.contentHtml,
    sort_order: l.sortOrder,
    sections: sections.map((s) => ({
      id: s.id,
      heading: s.heading,
      description: s.description,
      image: s.imageSrc ? { src: s.imageSrc, alt: s.imageAlt ?? '' } : null,
      checklist: s.checklist,
    })),
  };
}

export async function listCourses(ctx: AppContext): Promise<{ data: StaffCourse[] }> {
  const rows = await ctx.db.select({ id: courses.id }).from(courses).orderBy(asc(courses.sortOrder), asc(courses.title));
  return { data: await Promise.all(rows.map((r) => loadCourse(ctx.db, r.id))) };
}

export const getCourse = async (ctx: AppContext, id: string) => ({ data: await loadCourse(ctx.db, id) });

export const getLesson = async (ctx: AppContext, courseId: string, lessonId: string) => ({
  data: await loadLesson(ctx.db, courseId, lessonId),
});

async function refuseTakenCourseSlug(db: Executor, slug: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.slug, slug), exceptId ? ne(courses.id, exceptId) : undefined));
  if (taken) throw AppError.invalid('slug', 'Another course already uses this slug.');
}

function courseFields(input: CourseValues) {
  return {
    slug: input.slug,
    title: input.title,
    subtitle: input.subtitle ?? null,
    description: input.description ?? null,
    heroImage: input.hero_image ?? null,
    sortOrder: input.sort_order,
    status: input.status,
  };
}

export async function createCourse(ctx: AppContext, actor: AuthContext, input: CourseValues) {
  return ctx.db.transaction(async (tx) => {
    await refuseTakenCourseSlug(tx, input.slug);
    const id = await saveCourse(tx, courseFields(input), ctx.now());
    const after = await loadCourse(tx, id);
    await recordAudit(tx, actor, { action: 'course.created', subjectType: 'course', subjectId: id, after });
    return { message: 'Course created.', data: after };
  });
}

export async function updateCourse(ctx: AppContext, actor: AuthContext, id: string, input: CourseValues) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadCourse(tx, id);
    if (input.slug !== before.slug) {
      await refuseTakenCourseSlug(tx, input.slug, before.id);
      await renameCourse(tx, before.id, input.slug);
    }
    await saveCourse(tx, courseFields(input), ctx.now());
    const after = await loadCourse(tx, before.id);
    await recordAudit(tx, actor, { action: 'course.updated', subjectType: 'course', subjectId: before.id, before, after });
    return { message: 'Course saved.', data: after };
  });
}

async function refuseTakenLessonSlug(db: Executor, courseId: string, slug: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: courseModules.id })
    .from(courseModules)
    .where(
      and(
        eq(courseModules.courseId, courseId),
        eq(courseModules.slug, slug),
        exceptId ? ne(courseModules.id, exceptId) : undefined,
      ),
    );
  if (taken) throw AppError.invalid('slug', 'Another lesson of this course already uses this slug.');
}

function lessonFields(input: LessonValues, sortOrder: number) {
  return {
    slug: input.slug,
    title: input.title,
    summary: input.summary ?? null,
    overview: input.overview ?? null,
    durationSeconds: input.duration_seconds ?? null,
    status: input.status,
    heroImage: input.hero_image ?? null,
    heroAlt: input.hero_alt ?? null,
    heroCaption: input.hero_caption ?? null,
    contentHtml: input.content_html ?? null,
    sortOrder,
    sections: input.sections.map((s) => ({
      heading: s.heading,
      description: s.description ?? null,
      image: s.image?.src ? { src: s.image.src, alt: s.image.alt } : null,
      checklist: s.checklist,
    })),
  };
}

export async function createLesson(ctx: AppContext, actor: AuthContext, courseId: string, input: LessonValues) {
  return ctx.db.transaction(async (tx) => {
    const course = await loadCourse(tx, courseId);
    await refuseTakenLessonSlug(tx, course.id, input.slug);
    const [last] = await tx
      .select({ n: max(courseModules.sortOrder) })
      .from(courseModules)
      .where(eq(courseModules.courseId, course.id));
    const id = await saveLesson(tx, course.id, lessonFields(input, (last?.n ?? -1) + 1), ctx.now());
    const after = await loadLesson(tx, course.id, id);
    await recordAudit(tx, actor, { action: 'lesson.created', subjectType: 'lesson', subjectId: id, after });
    return { message: 'Lesson created.', data: after };
  });
}

export async function updateLesson(
  ctx: AppContext,
  actor: AuthContext,
  courseId: string,
  lessonId: string,
  input: LessonValues,
) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadLesson(tx, courseId, lessonId);
    if (input.slug !== before.slug) {
      await refuseTakenLessonSlug(tx, before.course_id, input.slug, before.id);
      await renameLesson(tx, before.id, input.slug);
    }
    await saveLesson(tx, before.course_id, lessonFields(input, before.sort_order), ctx.now());
    const after = await loadLesson(tx, before.course_id, before.id);
    await recordAudit(tx, actor, { action: 'lesson.updated', subjectType: 'lesson', subjectId: before.id, before, after });
    return { message: 'Lesson saved.', data: after };
  });
}

/** Swaps a lesson with its neighbour; the first lesson cannot move up nor the last down. */
export async function moveLesson(
  ctx: AppContext,
  actor: AuthContext,
  courseId: string,
  lessonId: string,
  { direction }: MoveRequest,
) {
  return ctx.db.transaction(async (tx) => {
    const lesson = await loadLesson(tx, courseId, lessonId);
    const before = await loadCourse(tx, lesson.course_id);
    // Normalise first: seeded or older rows may share sort orders.
    for (const [index, row] of before.lessons.entries()) {
      if (row.sort_order !== index) {
        await placeLesson(tx, row.id, index);
      }
    }
    const position = before.lessons.findIndex((l) => l.id === lesson.id);
    const target = direction === 'up' ? position - 1 : position + 1;
    const neighbour = before.lessons[target];
    if (!neighbour) {
      throw AppError.invalid('direction', direction === 'up' ? 'This lesson is already first.' : 'This lesson is already last.');
    }
    await placeLesson(tx, lesson.id, target, ctx.now());
    await placeLesson(tx, neighbour.id, position, ctx.now());
    const after = await loadCourse(tx, lesson.course_id);
    await recordAudit(tx, actor, {
      action: 'lesson.moved',
      subjectType: 'course',
      subjectId: lesson.course_id,
      before: before.lessons.map((l) => l.slug),
      after: after.lessons.map((l) => l.slug),
    });
    return { message: direction === 'up' ? 'Lesson moved up.' : 'Lesson moved down.', data: after };
  });
}
