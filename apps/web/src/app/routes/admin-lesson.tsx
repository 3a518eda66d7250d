import { Link, useParams } from 'react-router';
import { Alert } from '@/components/alert';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { useStaffCourse, useStaffLesson } from '@/features/staff-content/api/courses';
import { LessonEditor } from '@/features/staff-content/components/lesson-editor';
import { describeError } from '@/lib/api-client';
import { paths } from '@/config/paths';

export function Component() {
  const { courseId = '', lessonId = 'new' } = useParams();
  const isNew = lessonId === 'new';
  const course = useStaffCourse(courseId);
  const lesson = useStaffLesson(courseId, lessonId, !isNew);
  const failed = course.error ?? lesson.error;
  if (failed) {
    return <Alert tone="error">{describeError(failed, (status) => (status === 404 ? 'Lesson not found.' : (status === null ? 'Unable to load the lesson.' : `Failed to load lesson (${status})`)))}</Alert>;
  }
  if (course.isPending || (!isNew && lesson.isPending)) return <Loading label="Loading lesson…" />;
  return (
    <>
      <Link to={paths.staffCourse(courseId)}>← {course.data?.title}</Link>
      <Hero title={isNew ? 'New lesson' : (lesson.data?.title ?? 'Lesson')} subtitle={course.data?.title} />
      <LessonEditor key={lesson.data?.id ?? 'new'} courseId={courseId} {...(lesson.data && { lesson: lesson.data })} />
    </>
  );
}
