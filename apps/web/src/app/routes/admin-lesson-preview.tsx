import { Link, useParams } from 'react-router';
import { Alert } from '@/components/alert';
import { Loading } from '@/components/loading';
import { LessonView } from '@/features/courses/components/lesson-view';
import courseStyles from '@/features/courses/components/courses.module.css';
import { useStaffLesson } from '@/features/staff-content/api/courses';
import { previewModule } from '@/features/staff-content/utils/lesson-preview';
import { describeError } from '@/lib/api-client';
import { paths } from '@/config/paths';

/** The saved lesson in the member's lesson viewer; completing it is not possible here. */
export function Component() {
  const { courseId = '', lessonId = '' } = useParams();
  const lesson = useStaffLesson(courseId, lessonId);
  if (lesson.isPending) return <Loading label="Loading preview…" />;
  if (lesson.isError) {
    return <Alert tone="error">{describeError(lesson.error, (status) => (status === 404 ? 'Lesson not found.' : (status === null ? 'Unable to load the lesson.' : `Failed to load lesson (${status})`)))}</Alert>;
  }
  const open = lesson.data.status === 'published' || lesson.data.status === 'locked';
  return (
    <>
      <Alert tone="info">
        Preview as member: this is the saved lesson as members see it.{' '}
        {!open && 'Members cannot open it yet because of its status. '}
        <Link to={paths.staffLesson(courseId, lessonId)}>Back to editing</Link>
      </Alert>
      <div className={courseStyles.viewer}>
        <LessonView module={previewModule(lesson.data)} saving={false} error={null} onComplete={() => undefined} />
      </div>
    </>
  );
}
