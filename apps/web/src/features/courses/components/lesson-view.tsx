import type { CourseModule } from '@th/contracts';
import { canMarkComplete, moduleUiStatus } from '@th/domain';
import { useEffect, useMemo, useRef } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { mediaUrl } from '@/lib/media';
import { sanitizeLessonHtml } from '@/lib/sanitize';

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
    <article className="lesson" aria-labelledby="lesson-title">
      <header className="lesson-header">
        <div>
          <h2 id="lesson-title" className="lesson-title" ref={titleRef} tabIndex={-1}>
            {module.title}
          </h2>
          {module.summary && <p className="lesson-summary">{module.summary}</p>}
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
      {module.overview && <p className="lesson-overview">{module.overview}</p>}
      {module.hero_image && (
        <figure className="lesson-hero">
          <img src={mediaUrl(module.hero_image)} alt={module.hero_alt ?? ''} />
          {module.hero_caption && <figcaption>{module.hero_caption}</figcaption>}
        </figure>
      )}
      {html && (
        // Sanitized twice: on write by the server, and here before it reaches the DOM.
        <div className="lesson-content" dangerouslySetInnerHTML={{ __html: html }} />
      )}
      {module.sections.map((section) => (
        <section key={section.id} className="lesson-section" aria-label={section.heading}>
          <h3>{section.heading}</h3>
          {section.description && <p>{section.description}</p>}
          {section.image && <img className="lesson-section-image" src={mediaUrl(section.image.src)} alt={section.image.alt} />}
          {section.checklist.length > 0 && (
            <ul className="lesson-checklist">
              {section.checklist.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {!hasContent && <p className="muted lesson-empty">Lesson resources are on the way</p>}
    </article>
  );
}
