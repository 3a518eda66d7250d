import { courseProgress, moduleKey, nextAfterComplete, selectModule } from '@th/domain';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/alert';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { describeStatus } from '@/lib/api-client';
import { useCourse } from '../api/get-course';
import { useCompleteLesson } from '../api/update-progress';
import { LessonView } from './lesson-view';
import { ModuleNav } from './module-nav';
import { ProgressBar } from './progress-bar';
import styles from './courses.module.css';

const SIGNED_OUT = 'Log in to track your progress.';

/** The spec's words for the viewer's failures, by status; they leave the server's message out. */
function loadError(error: Error) {
  return describeStatus(error, (status) =>
    status === null ? 'Unable to load this course right now.' : status === 401 ? SIGNED_OUT : `Failed to load course (${status})`,
  );
}

function saveError(error: Error) {
  return describeStatus(error, (status) =>
    status === null ? 'Unable to save your progress.' : status === 401 ? SIGNED_OUT : `Failed to update progress (${status})`,
  );
}

/**
 * The course viewer (spec §2, rules of §4): the sidebar with progress and lessons, and the
 * lesson the URL names when it can be opened, else the first open one (the URL is replaced).
 */
export function CourseViewer({ courseSlug, moduleSlug }: { courseSlug: string; moduleSlug: string | undefined }) {
  const navigate = useNavigate();
  const course = useCourse(courseSlug);
  const complete = useCompleteLesson(courseSlug);
  // Kept with the lesson it belongs to, so moving to another lesson clears it.
  const [saveFailure, setSaveFailure] = useState<{ lesson: string; message: string } | null>(null);
  // The lesson whose title takes focus once a completion lands, so keyboard users keep their place.
  const [focusLesson, setFocusLesson] = useState<string | null>(null);

  const modules = course.data?.modules ?? [];
  const { module, replaceUrl } = selectModule(modules, moduleSlug);
  const selectedKey = module ? moduleKey(module) : null;

  useEffect(() => {
    if (replaceUrl && selectedKey) void navigate(paths.courseDetail(courseSlug, selectedKey), { replace: true });
  }, [replaceUrl, selectedKey, courseSlug, navigate]);

  if (course.isPending) return <Loading label="Loading course…" />;
  if (course.isError) {
    const message = loadError(course.error);
    return (
      <Alert tone="error">
        {message} {message === SIGNED_OUT && <Link to={paths.login}>Sign in</Link>}
      </Alert>
    );
  }

  const progress = courseProgress(modules);
  const title = course.data.title || 'Untitled course';

  const onComplete = () => {
    if (!module) return;
    const slug = moduleKey(module);
    const unlock = nextAfterComplete(modules, slug);
    setSaveFailure(null);
    complete.mutate(slug, {
      onSuccess: () => {
        // Completing unlocks the next locked lesson and moves the member on to it.
        setFocusLesson(unlock ? moduleKey(unlock) : slug);
        if (unlock) void navigate(paths.courseDetail(courseSlug, moduleKey(unlock)));
      },
      onError: (error) => setSaveFailure({ lesson: slug, message: saveError(error) }),
    });
  };

  return (
    <div className={styles.viewer}>
      <aside className={styles.sidebar} aria-label="Course lessons">
        <Link to={paths.courses} className={styles.back}>
          ← All courses
        </Link>
        <h1 className={styles.sidebarTitle}>{title}</h1>
        {(course.data.subtitle || course.data.description) && (
          <p className="muted">{course.data.subtitle || course.data.description}</p>
        )}
        <ProgressBar percent={progress.percent} label="Course progress" caption={`${progress.percent}% · ${progress.label}`} />
        <ModuleNav courseSlug={courseSlug} modules={modules} selected={selectedKey} />
      </aside>
      <div className={styles.main}>
        {!module ? (
          <p className="muted">Modules will appear here once they’re published.</p>
        ) : replaceUrl ? (
          <Loading label="Loading lesson…" />
        ) : (
          <LessonView
            key={selectedKey}
            module={module}
            saving={complete.isPending && complete.variables === selectedKey}
            error={saveFailure?.lesson === selectedKey ? saveFailure.message : null}
            focusTitle={focusLesson === selectedKey}
            onComplete={onComplete}
          />
        )}
      </div>
    </div>
  );
}
