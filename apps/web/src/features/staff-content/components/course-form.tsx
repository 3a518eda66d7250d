import { useState, type FormEvent } from 'react';
import type { StaffCourse, StaffCourseInput } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { ApiError, describeError } from '@/lib/api-client';
import { useCreateCourse, useUpdateCourse } from '../api/courses';
import { ImageField } from './image-field';

const draftOf = (course: StaffCourse | undefined) => ({
  title: course?.title ?? '',
  slug: course?.slug ?? '',
  subtitle: course?.subtitle ?? '',
  description: course?.description ?? '',
  hero_image: course?.hero_image ?? '',
  sort_order: String(course?.sort_order ?? 0),
  status: course?.status ?? ('draft' as 'draft' | 'published'),
});

type Props = { course?: StaffCourse; onCreated?: (course: StaffCourse) => void };

/** A course's card on the catalogue: title, slug, texts, hero image, order and status. */
export function CourseForm({ course, onCreated }: Props) {
  const [form, setForm] = useState(() => draftOf(course));
  const create = useCreateCourse();
  const update = useUpdateCourse(course?.id ?? '');
  const save = course ? update : create;
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: StaffCourseInput = {
      title: form.title,
      slug: form.slug,
      subtitle: form.subtitle || null,
      description: form.description || null,
      hero_image: form.hero_image || null,
      sort_order: Number(form.sort_order) || 0,
      status: form.status,
    };
    save.mutate(input, { onSuccess: (answer) => onCreated?.(answer.data) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className="staff-form-grid">
        <Field label="Course title" value={form.title} onChange={(e) => set({ title: e.target.value })} error={errors.title?.[0]} />
        <Field label="Course slug" hint="Part of the course's address, e.g. risk-basics." value={form.slug} onChange={(e) => set({ slug: e.target.value })} error={errors.slug?.[0]} />
        <Field label="Sort order" inputMode="numeric" value={form.sort_order} onChange={(e) => set({ sort_order: e.target.value })} error={errors.sort_order?.[0]} />
        <div className="field">
          <label htmlFor={`course-status-${course?.id ?? 'new'}`}>Course status</label>
          <select id={`course-status-${course?.id ?? 'new'}`} value={form.status} onChange={(e) => set({ status: e.target.value as 'draft' | 'published' })}>
            <option value="draft">Draft (hidden from members)</option>
            <option value="published">Published</option>
          </select>
        </div>
      </div>
      <Field label="Subtitle" value={form.subtitle} onChange={(e) => set({ subtitle: e.target.value })} error={errors.subtitle?.[0]} />
      <div className="field">
        <label htmlFor={`course-description-${course?.id ?? 'new'}`}>Description</label>
        <textarea id={`course-description-${course?.id ?? 'new'}`} rows={3} value={form.description} onChange={(e) => set({ description: e.target.value })} />
      </div>
      <ImageField label="Course image" value={form.hero_image} onChange={(hero_image) => set({ hero_image })} error={errors.hero_image?.[0]} />
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
