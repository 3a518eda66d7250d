import { Link } from 'react-router';
import { moduleUiStatus } from '@th/domain';
import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useDashboardCourse } from '../api/get-course';
import { useDashboardCourses } from '../api/get-courses';
import styles from './dashboard.module.css';

/** The first course not finished, and its next lesson to take. */
export function LearningCard() {
  const courses = useDashboardCourses();
  const list = [...(courses.data ?? [])].sort((a, b) => a.sort_order - b.sort_order);
  const current = list.find((course) => course.progress_percent > 0 && course.progress_percent < 100) ?? list.find((course) => course.progress_percent < 100);
  const detail = useDashboardCourse(current?.slug ?? null);
  const nextLesson = detail.data?.modules.find((module) => moduleUiStatus(module) === 'in-progress');
  return (
    <Card title="Continue learning" actions={<Link to={paths.courses}>All courses</Link>} className={styles.card}>
      {courses.isPending && <Loading label="Loading courses…" />}
      {courses.isError && <Alert tone="error">Unable to load courses right now.</Alert>}
      {courses.data && list.length === 0 && <p className="muted">Courses are coming soon.</p>}
      {courses.data && list.length > 0 && !current && <p>You have completed every course. Well done.</p>}
      {current && (
        <div className={styles.learning}>
          <p className={styles.learningCourse}>{current.title}</p>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={`${current.title} progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={current.progress_percent}
          >
            <span style={{ width: `${current.progress_percent}%` }} />
          </div>
          <p className="muted">{current.progress_percent}% complete</p>
          {nextLesson && <p>Next lesson: {nextLesson.title}</p>}
          <Link className="btn btn-primary btn-small" to={paths.courseDetail(current.slug, nextLesson?.slug)}>
            {current.progress_percent > 0 ? 'Continue' : 'Start course'}
          </Link>
        </div>
      )}
    </Card>
  );
}
