import { Controller, useFieldArray, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { StaffLesson } from '@th/contracts';
import { Button } from '@/components/button';
import { Field, TextareaField } from '@/components/field';
import { lines } from '@/lib/form';
import { ImageField } from './image-field';
import type { LessonControl, LessonFields } from './lesson-editor';
import styles from './staff-content.module.css';

/** A section's fields, named as the request's section; the checklist is typed one item per line. */
export type SectionFields = { heading: string; description: string; image: { src: string; alt: string }; checklist: string };

export const EMPTY_SECTION: SectionFields = { heading: '', description: '', image: { src: '', alt: '' }, checklist: '' };

export const sectionFieldsOf = (lesson: StaffLesson | undefined): SectionFields[] =>
  (lesson?.sections ?? []).map((s) => ({
    heading: s.heading,
    description: s.description ?? '',
    image: { src: s.image?.src ?? '', alt: s.image?.alt ?? '' },
    checklist: s.checklist.join('\n'),
  }));

/** The sections' fields as the request reads them: blank text and images are not sent. */
export const readSections = (value: unknown) =>
  Array.isArray(value)
    ? (value as SectionFields[]).map((section) => ({
        heading: section.heading,
        description: section.description || null,
        image: section.image.src ? { src: section.image.src, alt: section.image.alt } : null,
        checklist: lines(section.checklist),
      }))
    : value;

type Props = {
  control: LessonControl;
  register: UseFormRegister<LessonFields>;
  errors: FieldErrors<LessonFields>['sections'];
};

/** The blocks under a lesson's content, in order; arrows move a section up or down. */
export function SectionList({ control, register, errors }: Props) {
  const { fields, append, move, remove } = useFieldArray({ control, name: 'sections' });
  const headings = useWatch({ control, name: 'sections' }) ?? [];

  return (
    <fieldset className={styles.sections}>
      <legend>Sections</legend>
      {fields.length === 0 && <p className="muted">No sections yet. Sections add a heading, text, an image and a checklist under the content.</p>}
      {fields.map((field, index) => {
        const name = headings[index]?.heading || `Section ${index + 1}`;
        const error = errors?.[index];
        return (
          <div key={field.id} className={styles.section} role="group" aria-label={name}>
            <div className={styles.order}>
              <Button variant="ghost" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                ↑
              </Button>
              <Button variant="ghost" aria-label={`Move ${name} down`} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)}>
                ↓
              </Button>
              <Button variant="ghost" onClick={() => remove(index)}>
                Remove section
              </Button>
            </div>
            <Field label="Section heading" {...register(`sections.${index}.heading`)} error={error?.heading?.message} />
            <TextareaField label="Section text" rows={3} {...register(`sections.${index}.description`)} error={error?.description?.message} />
            <Controller
              control={control}
              name={`sections.${index}.image.src`}
              render={({ field: image }) => (
                <ImageField label="Section image" value={image.value} onChange={image.onChange} error={error?.image?.src?.message ?? error?.image?.message} />
              )}
            />
            <Field label="Section image description (alt text)" {...register(`sections.${index}.image.alt`)} error={error?.image?.alt?.message} />
            <TextareaField label="Checklist (one item per line)" rows={4} {...register(`sections.${index}.checklist`)} error={error?.checklist?.message} />
          </div>
        );
      })}
      <Button variant="secondary" onClick={() => append({ ...EMPTY_SECTION, image: { ...EMPTY_SECTION.image } })}>
        Add section
      </Button>
    </fieldset>
  );
}
