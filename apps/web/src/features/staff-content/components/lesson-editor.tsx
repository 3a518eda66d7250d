import { useRef } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { StaffLessonInput, type LessonState, type StaffLesson } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field, SelectField, TextareaField } from '@/components/field';
import { useUnsavedChanges } from '@/components/use-unsaved-changes';
import { describeError } from '@/lib/api-client';
import { readingFields, showServerErrors, textOrNull, useContractForm } from '@/lib/form';
import { useSaveLesson } from '../api/courses';
import { ImageField } from './image-field';
import { LessonContentEditor } from './lesson-content-editor';
import { readSections, SectionList, sectionFieldsOf, type SectionFields } from './section-list';
import styles from './staff-content.module.css';
import { paths } from '@/config/paths';

export const LESSON_STATES: { value: LessonState; label: string }[] = [
  { value: 'published', label: 'Published' },
  { value: 'locked', label: 'Locked (opens after the previous lesson)' },
  { value: 'coming_soon', label: 'Coming soon' },
  { value: 'unavailable', label: 'Unavailable' },
];

const MINUTES = 'Enter the duration as whole minutes (up to 1440).';

/**
 * The lesson request read from the form: blank texts are not sent, sections as the request
 * reads them. The duration is typed in whole minutes (the form's own rule, up to a day) and
 * sent in seconds.
 */
const LessonSchema = readingFields(StaffLessonInput, {
  summary: textOrNull,
  overview: textOrNull,
  hero_image: textOrNull,
  hero_alt: textOrNull,
  hero_caption: textOrNull,
  content_html: (value) => (typeof value === 'string' ? value || null : value),
  sections: readSections,
}).extend({
  duration_seconds: z
    .preprocess(
      (value) => (typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value),
      z.number({ error: MINUTES }).int(MINUTES).min(0, MINUTES).max(1440, MINUTES).nullable(),
    )
    .transform((minutes) => (minutes === null ? null : minutes * 60)),
});

/** The lesson's fields, named as the request body; duration_seconds holds the typed minutes. */
export type LessonFields = {
  title: string;
  slug: string;
  status: LessonState;
  duration_seconds: string;
  summary: string;
  overview: string;
  hero_image: string;
  hero_alt: string;
  hero_caption: string;
  content_html: string;
  sections: SectionFields[];
};

/** The form's control as the sections see it. */
export type LessonControl = Control<LessonFields, unknown, z.output<typeof LessonSchema>>;

const fieldsOf = (lesson: StaffLesson | undefined): LessonFields => ({
  title: lesson?.title ?? '',
  slug: lesson?.slug ?? '',
  status: lesson?.status ?? 'published',
  duration_seconds: lesson?.duration_seconds != null ? String(Math.round(lesson.duration_seconds / 60)) : '',
  summary: lesson?.summary ?? '',
  overview: lesson?.overview ?? '',
  hero_image: lesson?.hero_image ?? '',
  hero_alt: lesson?.hero_alt ?? '',
  hero_caption: lesson?.hero_caption ?? '',
  content_html: lesson?.content_html ?? '',
  sections: sectionFieldsOf(lesson),
});

const slugify = (text: string) =>
  text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120);

/** Creates or edits one lesson; durations are typed in minutes and stored in seconds. */
export function LessonEditor({ courseId, lesson }: { courseId: string; lesson?: StaffLesson }) {
  const form = useContractForm(LessonSchema, fieldsOf(lesson));
  const { register, control, setValue, formState } = form;
  const errors = formState.errors;
  // A new lesson's slug follows its title until staff type one.
  const slugTouched = useRef(!!lesson);
  const save = useSaveLesson(courseId, lesson?.id ?? null);
  const navigate = useNavigate();
  const flash = (useLocation().state as { flash?: string } | null)?.flash;
  // The editor warns before leaving while the fields differ from what was last loaded or saved.
  useUnsavedChanges(formState.isDirty && !save.isPending);

  const submit = form.handleSubmit((body) => {
    const sent = form.getValues();
    save.mutate(body, {
      onSuccess: (answer) => {
        form.reset(sent, { keepValues: true });
        // The new lesson's page mounts a fresh editor: the confirmation travels with the navigation.
        if (!lesson)
          void navigate(paths.staffLesson(courseId, answer.data.id), {
            replace: true,
            state: { flash: answer.message },
          });
      },
      onError: (error) => showServerErrors(form, error),
    });
  });

  return (
    <form onSubmit={submit} noValidate className={styles.lessonForm}>
      <Card title="Lesson">
        <div className="field-grid">
          <Field
            label="Lesson title"
            {...register('title', {
              onChange: (event: { target: { value: string } }) => {
                if (!slugTouched.current) setValue('slug', slugify(event.target.value), { shouldDirty: true });
              },
            })}
            error={errors.title?.message}
          />
          <Field
            label="Slug"
            hint="Part of the lesson's address."
            {...register('slug', {
              onChange: () => {
                slugTouched.current = true;
              },
            })}
            error={errors.slug?.message}
          />
          <SelectField label="Status" {...register('status')} error={errors.status?.message}>
            {LESSON_STATES.map((state) => (
              <option key={state.value} value={state.value}>
                {state.label}
              </option>
            ))}
          </SelectField>
          <Field label="Duration (minutes)" inputMode="numeric" {...register('duration_seconds')} error={errors.duration_seconds?.message} />
        </div>
        <Field label="Summary" {...register('summary')} error={errors.summary?.message} />
        <TextareaField label="Overview" rows={3} {...register('overview')} error={errors.overview?.message} />
        <Controller
          control={control}
          name="hero_image"
          render={({ field }) => <ImageField label="Hero image" value={field.value} onChange={field.onChange} error={errors.hero_image?.message} />}
        />
        <div className="field-grid">
          <Field label="Hero image description (alt text)" {...register('hero_alt')} error={errors.hero_alt?.message} />
          <Field label="Hero caption" {...register('hero_caption')} error={errors.hero_caption?.message} />
        </div>
        <Controller
          control={control}
          name="content_html"
          render={({ field }) => <LessonContentEditor initialHtml={field.value} onChange={field.onChange} error={errors.content_html?.message} />}
        />
      </Card>
      <Card>
        <SectionList control={control} register={register} errors={errors.sections} />
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
        {lesson && <Link to={paths.staffLessonPreview(courseId, lesson.id)}>Preview as member</Link>}
        <Link to={paths.staffCourse(courseId)}>Back to the course</Link>
      </div>
    </form>
  );
}
