import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { memberId } from './members.ts';

/** A course as staff publish it; drafts are invisible to members. */
export const courses = pgTable('courses', {
  id: uuid().primaryKey().defaultRandom(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  subtitle: text(),
  description: text(),
  heroImage: text(),
  sortOrder: integer().notNull().default(0),
  status: text({ enum: ['draft', 'published'] })
    .notNull()
    .default('draft'),
  ...timestamps(),
});

/**
 * A lesson of a course. `status` is the staff setting: 'locked' lessons open for a member once
 * they complete the lesson before (recorded in module_progress.unlocked_at), while
 * 'coming_soon' and 'unavailable' stay closed for everyone.
 */
export const courseModules = pgTable(
  'course_modules',
  {
    id: uuid().primaryKey().defaultRandom(),
    courseId: uuid()
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    title: text().notNull(),
    summary: text(),
    overview: text(),
    durationSeconds: integer(),
    status: text({ enum: ['locked', 'coming_soon', 'unavailable', 'published'] })
      .notNull()
      .default('published'),
    heroImage: text(),
    heroAlt: text(),
    heroCaption: text(),
    /** Sanitized on write (sanitizeLessonHtml); the browser sanitizes again. */
    contentHtml: text(),
    sortOrder: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [unique().on(t.courseId, t.slug), index().on(t.courseId, t.sortOrder)],
);

/** A titled block under a lesson's main content: text, an image and a checklist. */
export const moduleSections = pgTable(
  'module_sections',
  {
    id: uuid().primaryKey().defaultRandom(),
    moduleId: uuid()
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    heading: text().notNull(),
    description: text(),
    imageSrc: text(),
    imageAlt: text(),
    checklist: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index().on(t.moduleId, t.sortOrder)],
);

/**
 * A member's progress on one lesson, kept apart from the content so staff edits never touch
 * it. `unlocked_at` records that completing the previous lesson opened a 'locked' one.
 */
export const moduleProgress = pgTable(
  'module_progress',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: memberId(),
    moduleId: uuid()
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    progressPercent: integer().notNull().default(0),
    unlockedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    unique().on(t.userId, t.moduleId),
    index().on(t.userId),
    check('module_progress_percent_range', sql`${t.progressPercent} between 0 and 100`),
  ],
);
