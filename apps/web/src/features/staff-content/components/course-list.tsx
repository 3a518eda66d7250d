import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { useStaffCourses } from '../api/courses';
import { TableWrap } from '@/components/table-wrap';
import { TableHead } from '@/components/table-head';
import { paths } from '@/config/paths';

/** Every course, drafts included, in catalogue order. */
export function CourseList() {
  const courses = useStaffCourses();
  if (courses.isPending) return <Loading label="Loading courses…" />;
  if (courses.isError) return <Alert tone="error">{describeError(courses.error, (status) => (status === null ? 'Unable to load the courses.' : `Failed to load courses (${status})`))}</Alert>;
  if (courses.data.length === 0) return <p className="muted">No courses yet. Create the first one below.</p>;
  return (
    <TableWrap label="Courses">
      <table className="data">
        <TableHead columns={['Course', 'Slug', 'Lessons', 'Order', 'Status']} />
        <tbody>
          {courses.data.map((course) => (
            <tr key={course.id}>
              <td>
                <Link to={paths.staffCourse(course.id)}>{course.title}</Link>
              </td>
              <td>{course.slug}</td>
              <td>{course.lessons.length}</td>
              <td>{course.sort_order}</td>
              <td>
                <Badge tone={course.status === 'published' ? 'green' : 'gray'}>{course.status === 'published' ? 'Published' : 'Draft'}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
