import type { CourseModule } from '@th/contracts';
import { canMarkComplete, moduleUiStatus } from '@th/domain';
import { useEffect, useMemo, useRef } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { mediaUrl } from '@/lib/media';
import { sanitizeLessonHtml } from '@/lib/sanitize';
import styles from './courses.module.css';

type Props = {
  module: CourseModule;
  saving: boolean;
  error: string | null;
  /** Set after a completion: the title takes focus (the button that had it is gone or disabled). */
  focusTitle?: boolean;
  onComplete: () => void;
};

/** The selected lesson: heading, completion button, overview, hero, content and sections. */
export function LessonView({ module, saving, error, focusTitle = false, onComplete }: Props) {
  const html = useMemo(() => (module.content_html ? sanitizeLessonHtml(module.content_html) : ''), [module.content_html]);
  const completed = moduleUiStatus(module) === 'completed';
  const hasContent = html.trim() !== '' || module.sections.length > 0;
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  return (
    <article className={styles.lesson} aria-labelledby="lesson-title">
      <header className={styles.lessonHeader}>
        <div>
          <h2 id="lesson-title" className={styles.lessonTitle} ref={titleRef} tabIndex={-1}>
            {module.title}
          </h2>
          {module.summary && <p className={styles.lessonSummary}>{module.summary}</p>}
        </div>
        <Button
          variant={completed ? 'secondary' : 'primary'}
          busy={saving}
          busyLabel="Saving…"
          disabled={!canMarkComplete(module)}
          onClick={onComplete}
        >
          {completed ? 'Completed' : 'Mark complete'}
        </Button>
      </header>
      {error && <Alert tone="error">{error}</Alert>}
      {module.overview && <p className={styles.lessonOverview}>{module.overview}</p>}
      {module.hero_image && (
        <figure className={styles.lessonHero}>
          <img src={mediaUrl(module.hero_image)} alt={module.hero_alt ?? ''} />
          {module.hero_caption && <figcaption>{module.hero_caption}</figcaption>}
        </figure>
      )}
      {html && (
        // Sanitized twice: on write by the server, and here before it reaches the DOM.
        <div className={styles.lessonContent} dangerouslySetInnerHTML={{ __html: html }} />
      )}
      {module.sections.map((section) => (
        <section key={section.id} className={styles.section} aria-label={section.heading}>
          <h3>{section.heading}</h3>
          {section.description && <p>{section.description}</p>}
          {section.image && <img className={styles.sectionImage} src={mediaUrl(section.image.src)} alt={section.image.alt} />}
          {section.checklist.length > 0 && (
            <ul className={styles.checklist}>
              {section.checklist.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {!hasContent && <p className={`${styles.lessonEmpty} muted`}>Lesson resources are on the way</p>}
    </article>
  );
}
