import type { AppContext } from '../context.ts';
import { courseExists, saveCourse, saveLesson, type CourseInput, type LessonInput } from '../modules/courses/authoring.ts';
import { seedArtwork } from './course-content/artwork.ts';
import { foundationsCourse, foundationsLessons } from './course-content/foundations.ts';
import { initialSetupCourse, initialSetupLessons } from './course-content/initial-setup.ts';
import { toolkitCourse, toolkitLessons } from './course-content/toolkit.ts';

const DEMO_COURSES: { course: CourseInput; lessons: LessonInput[] }[] = [
  { course: initialSetupCourse, lessons: initialSetupLessons },
  { course: foundationsCourse, lessons: foundationsLessons },
  { course: toolkitCourse, lessons: toolkitLessons },
];

/**
 * The three demo courses, written through the same authoring functions staff use (so the
 * content is sanitized the same way). A course that already exists is left alone: staff edits
 * made after the first start are never overwritten.
 */
export async function seedCourses(ctx: AppContext) {
  // The artwork is stored as uploaded images, so lessons hold /uploads/… URLs like staff's own.
  await seedArtwork(ctx);
  for (const { course, lessons } of DEMO_COURSES) {
    if (await courseExists(ctx.db, course.slug)) continue;
    await ctx.db.transaction(async (tx) => {
      const courseId = await saveCourse(tx, course, ctx.now());
      for (const [index, lesson] of lessons.entries()) {
        await saveLesson(tx, courseId, { ...lesson, sortOrder: index }, ctx.now());
      }
    });
  }
}
