import { Link } from 'react-router';
import type { StaffCourse } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Badge, type Tone } from '@/components/badge';
import { Button } from '@/components/button';
import { describeError } from '@/lib/api-client';
import { useMoveLesson } from '../api/courses';
import { LESSON_STATES } from './lesson-editor';
import styles from './staff-content.module.css';
import { paths } from '@/config/paths';

const TONES: Record<string, Tone> = { published: 'green', locked: 'blue', coming_soon: 'orange', unavailable: 'gray' };

/** The course's lessons in member order; the arrows swap a lesson with its neighbour. */
export function CourseLessons({ course }: { course: StaffCourse }) {
  const move = useMoveLesson(course.id);
  return (
    <>
      {course.lessons.length === 0 ? (
        <p className="muted">No lessons yet.</p>
      ) : (
        <ol className={styles.lessons} aria-label="Lessons">
          {course.lessons.map((lesson, index) => (
            <li key={lesson.id} className={styles.lesson}>
              <span className={styles.lessonNumber} aria-hidden="true">
                {index + 1}
              </span>
              <Link to={paths.staffLesson(course.id, lesson.id)}>
                {lesson.title}
              </Link>
              <Badge tone={TONES[lesson.status]}>{LESSON_STATES.find((s) => s.value === lesson.status)?.label.split(' (')[0]}</Badge>
              <span className="muted">{lesson.duration_seconds ? `${Math.round(lesson.duration_seconds / 60)} min` : '—'}</span>
              <span className={styles.order}>
                <Button
                  variant="ghost"
                  aria-label={`Move ${lesson.title} up`}
                  disabled={index === 0 || move.isPending}
                  onClick={() => move.mutate({ lessonId: lesson.id, direction: 'up' })}
                >
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`Move ${lesson.title} down`}
                  disabled={index === course.lessons.length - 1 || move.isPending}
                  onClick={() => move.mutate({ lessonId: lesson.id, direction: 'down' })}
                >
                  ↓
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {move.error && <Alert tone="error">{describeError(move.error, 'Unable to move the lesson.')}</Alert>}
      <Link className="btn btn-secondary" to={paths.staffLesson(course.id, 'new')}>
        New lesson
      </Link>
    </>
  );
}
