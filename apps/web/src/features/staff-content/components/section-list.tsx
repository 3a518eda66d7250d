import type { StaffSection } from '@th/contracts';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { ImageField } from './image-field';
import styles from './staff-content.module.css';

export type SectionDraft = { heading: string; description: string; imageSrc: string; imageAlt: string; checklist: string };

export const toSection = (draft: SectionDraft): StaffSection => ({
  heading: draft.heading,
  description: draft.description || null,
  image: draft.imageSrc ? { src: draft.imageSrc, alt: draft.imageAlt } : null,
  checklist: draft.checklist.split('\n').map((item) => item.trim()).filter(Boolean),
});

type Props = {
  sections: SectionDraft[];
  onChange: (sections: SectionDraft[]) => void;
  errors: Record<string, string[]>;
};

/** The blocks under a lesson's content, in order; arrows move a section up or down. */
export function SectionList({ sections, onChange, errors }: Props) {
  const set = (index: number, patch: Partial<SectionDraft>) =>
    onChange(sections.map((section, i) => (i === index ? { ...section, ...patch } : section)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...sections];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };

  return (
    <fieldset className={styles.sections}>
      <legend>Sections</legend>
      {sections.length === 0 && <p className="muted">No sections yet. Sections add a heading, text, an image and a checklist under the content.</p>}
      {sections.map((section, index) => {
        const name = section.heading || `Section ${index + 1}`;
        return (
          <div key={index} className={styles.section} role="group" aria-label={name}>
            <div className={styles.order}>
              <Button variant="ghost" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                ↑
              </Button>
              <Button variant="ghost" aria-label={`Move ${name} down`} disabled={index === sections.length - 1} onClick={() => move(index, 1)}>
                ↓
              </Button>
              <Button variant="ghost" onClick={() => onChange(sections.filter((_, i) => i !== index))}>
                Remove section
              </Button>
            </div>
            <Field
              label="Section heading"
              value={section.heading}
              onChange={(e) => set(index, { heading: e.target.value })}
              error={errors[`sections.${index}.heading`]?.[0]}
            />
            <div className="field">
              <label htmlFor={`section-${index}-description`}>Section text</label>
              <textarea id={`section-${index}-description`} rows={3} value={section.description} onChange={(e) => set(index, { description: e.target.value })} />
            </div>
            <ImageField label="Section image" value={section.imageSrc} onChange={(imageSrc) => set(index, { imageSrc })} error={errors[`sections.${index}.image`]?.[0]} />
            <Field label="Section image description (alt text)" value={section.imageAlt} onChange={(e) => set(index, { imageAlt: e.target.value })} />
            <div className="field">
              <label htmlFor={`section-${index}-checklist`}>Checklist (one item per line)</label>
              <textarea id={`section-${index}-checklist`} rows={4} value={section.checklist} onChange={(e) => set(index, { checklist: e.target.value })} />
            </div>
          </div>
        );
      })}
      <Button variant="secondary" onClick={() => onChange([...sections, { heading: '', description: '', imageSrc: '', imageAlt: '', checklist: '' }])}>
        Add section
      </Button>
    </fieldset>
  );
}
