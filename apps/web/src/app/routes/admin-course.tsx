import { Link, useParams } from 'react-router';
import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { useStaffCourse } from '@/features/staff-content/api/courses';
import { CourseForm } from '@/features/staff-content/components/course-form';
import { CourseLessons } from '@/features/staff-content/components/course-lessons';
import { describeError } from '@/lib/api-client';
import { paths } from '@/config/paths';

export function Component() {
  const { courseId = '' } = useParams();
  const course = useStaffCourse(courseId);
  if (course.isPending) return <Loading label="Loading course…" />;
  if (course.isError) {
    return <Alert tone="error">{describeError(course.error, (status) => (status === 404 ? 'Course not found.' : (status === null ? 'Unable to load the course.' : `Failed to load course (${status})`)))}</Alert>;
  }
  return (
    <>
      <Link to={paths.staffCourses}>← All courses</Link>
      <Hero title={course.data.title} subtitle={course.data.subtitle ?? undefined} />
      <Card title="Lessons">
        <CourseLessons course={course.data} />
      </Card>
      <Card title="Course details">
        <CourseForm key={course.data.updated_at} course={course.data} />
      </Card>
    </>
  );
}
