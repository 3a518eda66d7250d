import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { LessonState, StaffLesson } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field } from '@/components/field';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { ApiError, describeError } from '@/lib/api-client';
import { useSaveLesson } from '../api/courses';
import { ImageField } from './image-field';
import { LessonContentEditor } from './lesson-content-editor';
import { SectionList, toSection, type SectionDraft } from './section-list';
import styles from './staff-content.module.css';

export const LESSON_STATES: { value: LessonState; label: string }[] = [
  { value: 'published', label: 'Published' },
  { value: 'locked', label: 'Locked (opens after the previous lesson)' },
  { value: 'coming_soon', label: 'Coming soon' },
  { value: 'unavailable', label: 'Unavailable' },
];

const draftOf = (lesson: StaffLesson | undefined) => ({
  title: lesson?.title ?? '',
  slug: lesson?.slug ?? '',
  summary: lesson?.summary ?? '',
  overview: lesson?.overview ?? '',
  minutes: lesson?.duration_seconds != null ? String(Math.round(lesson.duration_seconds / 60)) : '',
  status: lesson?.status ?? ('published' as LessonState),
  hero_image: lesson?.hero_image ?? '',
  hero_alt: lesson?.hero_alt ?? '',
  hero_caption: lesson?.hero_caption ?? '',
  content_html: lesson?.content_html ?? '',
});

const sectionsOf = (lesson: StaffLesson | undefined): SectionDraft[] =>
  (lesson?.sections ?? []).map((s) => ({
    heading: s.heading,
    description: s.description ?? '',
    imageSrc: s.image?.src ?? '',
    imageAlt: s.image?.alt ?? '',
    checklist: s.checklist.join('\n'),
  }));

const slugify = (text: string) =>
  text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120);

/** Creates or edits one lesson; durations are typed in minutes and stored in seconds. */
export function LessonEditor({ courseId, lesson }: { courseId: string; lesson?: StaffLesson }) {
  const [form, setForm] = useState(() => draftOf(lesson));
  const [sections, setSections] = useState(() => sectionsOf(lesson));
  const [slugTouched, setSlugTouched] = useState(!!lesson);
  const [minutesError, setMinutesError] = useState<string | null>(null);
  const save = useSaveLesson(courseId, lesson?.id ?? null);
  const navigate = useNavigate();
  const flash = (useLocation().state as { flash?: string } | null)?.flash;
  const errors = (save.error instanceof ApiError ? save.error.fieldErrors : {}) ?? {};
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));
  // What was last loaded or saved: the editor warns before leaving while it differs.
  const [saved, setSaved] = useState(() => JSON.stringify([draftOf(lesson), sectionsOf(lesson)]));
  const current = JSON.stringify([form, sections]);
  useUnsavedChanges(current !== saved && !save.isPending);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minutes = form.minutes.trim() === '' ? null : Number(form.minutes);
    if (minutes !== null && (!Number.isInteger(minutes) || minutes < 0 || minutes > 1440)) {
      setMinutesError('Enter the duration as whole minutes (up to 1440).');
      return;
    }
    setMinutesError(null);
    save.mutate(
      {
        slug: form.slug,
        title: form.title,
        summary: form.summary || null,
        overview: form.overview || null,
        duration_seconds: minutes === null ? null : minutes * 60,
        status: form.status,
        hero_image: form.hero_image || null,
        hero_alt: form.hero_alt || null,
        hero_caption: form.hero_caption || null,
        content_html: form.content_html || null,
        sections: sections.map(toSection),
      },
      {
        onSuccess: (answer) => {
          setSaved(current);
          // The new lesson's page mounts a fresh editor: the confirmation travels with the navigation.
          if (!lesson)
            void navigate(`/admin/courses/${courseId}/lessons/${answer.data.id}`, {
              replace: true,
              state: { flash: answer.message },
            });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className={styles.lessonForm}>
      <Card title="Lesson">
        <div className={styles.formGrid}>
          <Field
            label="Lesson title"
            value={form.title}
            onChange={(e) => set({ title: e.target.value, ...(!slugTouched && { slug: slugify(e.target.value) }) })}
            error={errors.title?.[0]}
          />
          <Field
            label="Slug"
            hint="Part of the lesson's address."
            value={form.slug}
            onChange={(e) => {
              setSlugTouched(true);
              set({ slug: e.target.value });
            }}
            error={errors.slug?.[0]}
          />
          <div className="field">
            <label htmlFor="lesson-status">Status</label>
            <select id="lesson-status" value={form.status} onChange={(e) => set({ status: e.target.value as LessonState })}>
              {LESSON_STATES.map((state) => (
                <option key={state.value} value={state.value}>
                  {state.label}
                </option>
              ))}
            </select>
          </div>
          <Field
            label="Duration (minutes)"
            inputMode="numeric"
            value={form.minutes}
            onChange={(e) => set({ minutes: e.target.value })}
            error={minutesError ?? errors.duration_seconds?.[0]}
          />
        </div>
        <Field label="Summary" value={form.summary} onChange={(e) => set({ summary: e.target.value })} error={errors.summary?.[0]} />
        <div className="field">
          <label htmlFor="lesson-overview">Overview</label>
          <textarea id="lesson-overview" rows={3} value={form.overview} onChange={(e) => set({ overview: e.target.value })} />
        </div>
        <ImageField label="Hero image" value={form.hero_image} onChange={(hero_image) => set({ hero_image })} error={errors.hero_image?.[0]} />
        <div className={styles.formGrid}>
          <Field label="Hero image description (alt text)" value={form.hero_alt} onChange={(e) => set({ hero_alt: e.target.value })} />
          <Field label="Hero caption" value={form.hero_caption} onChange={(e) => set({ hero_caption: e.target.value })} />
        </div>
        <LessonContentEditor initialHtml={form.content_html} onChange={(content_html) => set({ content_html })} />
      </Card>
      <Card>
        <SectionList sections={sections} onChange={setSections} errors={errors} />
      </Card>
      {save.error && <Alert tone="error">{describeError(save.error, 'Unable to save the lesson.')}</Alert>}
      {save.isSuccess ? (
        <Alert tone="success">{save.data.message}</Alert>
      ) : (
        flash && <Alert tone="success">{flash}</Alert>
      )}
      <div className="form-actions">
        <Button type="submit" busy={save.isPending} busyLabel="Saving…">
          {lesson ? 'Save lesson' : 'Create lesson'}
        </Button>
        {lesson && <Link to={`/admin/courses/${courseId}/lessons/${lesson.id}/preview`}>Preview as member</Link>}
        <Link to={`/admin/courses/${courseId}`}>Back to the course</Link>
      </div>
    </form>
  );
}
