import { Controller } from 'react-hook-form';
import { StaffCourseInput, type StaffCourse } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field, SelectField, TextareaField } from '@/components/field';
import { describeError } from '@/lib/api-client';
import { textOrNull, readingFields, showServerErrors, typedNumber, useContractForm } from '@/lib/form';
import { useCreateCourse, useUpdateCourse } from '../api/courses';
import { ImageField } from './image-field';

const CourseSchema = readingFields(StaffCourseInput, { subtitle: textOrNull, description: textOrNull, hero_image: textOrNull, sort_order: typedNumber });

type CourseFields = { title: string; slug: string; subtitle: string; description: string; hero_image: string; sort_order: string; status: 'draft' | 'published' };

const fieldsOf = (course: StaffCourse | undefined): CourseFields => ({
  title: course?.title ?? '',
  slug: course?.slug ?? '',
  subtitle: course?.subtitle ?? '',
  description: course?.description ?? '',
  hero_image: course?.hero_image ?? '',
  sort_order: String(course?.sort_order ?? 0),
  status: course?.status ?? 'draft',
});

type Props = { course?: StaffCourse; onCreated?: (course: StaffCourse) => void };

/** A course's card on the catalogue: title, slug, texts, hero image, order and status. */
export function CourseForm({ course, onCreated }: Props) {
  const form = useContractForm(CourseSchema, fieldsOf(course));
  const { register, control, formState } = form;
  const errors = formState.errors;
  const create = useCreateCourse();
  const update = useUpdateCourse(course?.id ?? '');
  const save = course ? update : create;

  const submit = form.handleSubmit((input) =>
    save.mutate(input, { onSuccess: (answer) => onCreated?.(answer.data), onError: (error) => showServerErrors(form, error) }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <div className="field-grid">
        <Field label="Course title" {...register('title')} error={errors.title?.message} />
        <Field label="Course slug" hint="Part of the course's address, e.g. risk-basics." {...register('slug')} error={errors.slug?.message} />
        <Field label="Sort order" inputMode="numeric" {...register('sort_order')} error={errors.sort_order?.message} />
        <SelectField label="Course status" {...register('status')}>
          <option value="draft">Draft (hidden from members)</option>
          <option value="published">Published</option>
        </SelectField>
      </div>
      <Field label="Subtitle" {...register('subtitle')} error={errors.subtitle?.message} />
      <TextareaField label="Description" rows={3} {...register('description')} error={errors.description?.message} />
      <Controller control={control} name="hero_image" render={({ field }) => <ImageField label="Course image" value={field.value} onChange={field.onChange} error={errors.hero_image?.message} />} />
      {save.error && <Alert tone="error">{describeError(save.error, 'Unable to save the course.')}</Alert>}
      {save.isSuccess && course && <Alert tone="success">{save.data.message}</Alert>}
      <div className="form-actions">
        <Button type="submit" busy={save.isPending} busyLabel="Saving…">
          {course ? 'Save course' : 'Create course'}
        </Button>
      </div>
    </form>
  );
}
