import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { courseModules, courses, moduleSections } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { plainText, sanitizeLessonHtml } from '../../lib/html.ts';
import type { LessonSetting } from './rules.ts';

/**
 * Staff writes of course content (the demo seeder and the staff console). Every
 * field is cleaned here, on write: lesson HTML through the lesson allow-list, the rest as
 * plain text, images only from addresses a browser can safely load.
 */

export type CourseInput = {
  slug: string;
  title: string;
  subtitle?: string | null;
  description?: string | null;
  heroImage?: string | null;
  sortOrder?: number;
  status?: 'draft' | 'published';
};

export type SectionInput = {
  heading: string;
  description?: string | null;
  image?: { src: string; alt: string } | null;
  checklist?: string[];
};

export type LessonInput = {
  slug: string;
  title: string;
  summary?: string | null;
  overview?: string | null;
  durationSeconds?: number | null;
  status?: LessonSetting;
  heroImage?: string | null;
  heroAlt?: string | null;
  heroCaption?: string | null;
  contentHtml?: string | null;
  sortOrder?: number;
  sections?: SectionInput[];
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function checkSlug(slug: string): string {
  const value = slug.trim();
  if (!SLUG.test(value) || value.length > 120) {
    throw AppError.invalid('slug', 'Use lowercase letters, numbers and single dashes for the slug.');
  }
  return value;
}

function requiredText(field: string, value: string, label: string): string {
  const clean = plainText(value);
  if (!clean) throw AppError.invalid(field, `Enter a ${label}.`);
  return clean;
}

/** https addresses, site paths and inline raster/SVG images; anything else is refused. */
export function imageAddress(field: string, value: string | null | undefined): string | null {
  const src = value?.trim();
  if (!src) return null;
  const safe =
    /^https:\/\/[^\s"'<>]+$/i.test(src) ||
    /^\/(?!\/)[^\s"'<>]*$/.test(src) ||
    /^data:image\/(png|jpeg|webp|gif|svg\+xml)[;,]/i.test(src);
  if (!safe) throw AppError.invalid(field, 'Images must be an https address, a site path or an inline image.');
  return src;
}

/** Creates or updates a course by slug; returns its id. */
export async function saveCourse(db: Executor, input: CourseInput, now: Date): Promise<string> {
  const values = {
    slug: checkSlug(input.slug),
    title: requiredText('title', input.title, 'course title'),
    subtitle: plainText(input.subtitle),
    description: plainText(input.description),
    heroImage: imageAddress('hero_image', input.heroImage),
    sortOrder: input.sortOrder ?? 0,
    status: input.status ?? 'draft',
  };
  const [row] = await db
    .insert(courses)
    .values(values)
    .onConflictDoUpdate({ target: courses.slug, set: { ...values, updatedAt: now } })
    .returning({ id: courses.id });
  return row!.id;
}

/** Creates or updates a lesson by (course, slug) and replaces its sections; returns its id. */
export async function saveLesson(db: Executor, courseId: string, input: LessonInput, now: Date): Promise<string> {
  const duration = input.durationSeconds ?? null;
  if (duration !== null && (!Number.isInteger(duration) || duration < 0 || duration > 86_400)) {
    throw AppError.invalid('duration_seconds', 'Duration must be a whole number of seconds, at most one day.');
  }
  const values = {
    courseId,
    slug: checkSlug(input.slug),
    title: requiredText('title', input.title, 'lesson title'),
    summary: plainText(input.summary),
    overview: plainText(input.overview),
    durationSeconds: duration,
    status: input.status ?? 'published',
    heroImage: imageAddress('hero_image', input.heroImage),
    heroAlt: plainText(input.heroAlt),
    heroCaption: plainText(input.heroCaption),
    contentHtml: sanitizeLessonHtml(input.contentHtml),
    sortOrder: input.sortOrder ?? 0,
  };
  const sections = (input.sections ?? []).map((section, index) => ({
    heading: requiredText(`sections.${index}.heading`, section.heading, 'section heading'),
    description: plainText(section.description),
    imageSrc: imageAddress(`sections.${index}.image`, section.image?.src),
    imageAlt: section.image ? (plainText(section.image.alt) ?? '') : null,
    checklist: (section.checklist ?? []).map((item) => plainText(item)).filter((item): item is string => !!item),
    sortOrder: index,
  }));

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(courseModules)
      .values(values)
      .onConflictDoUpdate({
        target: [courseModules.courseId, courseModules.slug],
        set: { ...values, updatedAt: now },
      })
      .returning({ id: courseModules.id });
    const lessonId = row!.id;
    await tx.delete(moduleSections).where(eq(moduleSections.moduleId, lessonId));
    if (sections.length > 0) {
      await tx.insert(moduleSections).values(sections.map((s) => ({ ...s, moduleId: lessonId })));
    }
    return lessonId;
  });
}

/** Gives a course a new slug; saveCourse writes by slug, so a renamed course takes it first. */
export async function renameCourse(db: Executor, id: string, slug: string) {
  await db.update(courses).set({ slug }).where(eq(courses.id, id));
}

/** Gives a lesson a new slug; saveLesson writes by (course, slug), so it takes it first. */
export async function renameLesson(db: Executor, lessonId: string, slug: string) {
  await db.update(courseModules).set({ slug }).where(eq(courseModules.id, lessonId));
}

/**
 * Puts a lesson at a place in its course. A move by staff marks the lesson edited (`now`);
 * renumbering rows that shared a place does not.
 */
export async function placeLesson(db: Executor, lessonId: string, sortOrder: number, now?: Date) {
  await db
    .update(courseModules)
    .set(now ? { sortOrder, updatedAt: now } : { sortOrder })
    .where(eq(courseModules.id, lessonId));
}

/** Whether a course with this slug already exists (the demo seeder never overwrites staff edits). */
export async function courseExists(db: Executor, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(courses)
    .where(eq(courses.slug, slug));
  return !!row;
}
