import type { CourseSummary } from '@th/contracts';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/api-client';
import { mediaUrl } from '@/lib/media';
import { useCourses } from '../api/get-courses';
import { ProgressBar } from './progress-bar';
import styles from './courses.module.css';

function loadError(error: Error): string {
  return describeError(error, (status) =>
    status === null ? 'Unable to load courses right now.' : `Failed to load courses (${status})`,
  );
}

function CourseCard({ course }: { course: CourseSummary }) {
  const lessons = course.modules_count;
  const title = course.title || 'Untitled course';
  return (
    <li className={styles.card}>
      <Link to={paths.courseDetail(course.slug)} className={styles.cardLink}>
        {course.image ? (
          <img className={styles.cardImage} src={mediaUrl(course.image)} alt="" loading="lazy" />
        ) : (
          <div className={styles.cardImage} aria-hidden="true" />
        )}
        <div className={styles.cardBody}>
          <h2 className={styles.cardTitle}>{title}</h2>
          {(course.subtitle || course.description) && (
            <p className="muted">{course.subtitle || course.description}</p>
          )}
          <p className={styles.cardMeta}>
            {lessons} {lessons === 1 ? 'lesson' : 'lessons'}
          </p>
          <ProgressBar
            percent={course.progress_percent}
            label={`${title} progress`}
            caption={`${course.progress_percent}% complete`}
          />
        </div>
      </Link>
    </li>
  );
}

/** The course catalogue: one card per published course, in staff order. */
export function CourseList() {
  const courses = useCourses();
  if (courses.isPending) return <Loading label="Loading courses…" />;
  if (courses.isError) return <Alert tone="error">{loadError(courses.error)}</Alert>;
  if (courses.data.length === 0) return <p className="muted">Courses are coming soon.</p>;
  return (
    <ul className={styles.grid} aria-label="Courses">
      {courses.data.map((course) => (
        <CourseCard key={course.slug} course={course} />
      ))}
    </ul>
  );
}
