import { useId, useState, type KeyboardEvent } from 'react';
import styles from './tag-input.module.css';

type Props = {
  label: string;
  /** The word for one entry in messages ("tag"). */
  noun?: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** Offered while typing (the member's own tags first); those already chosen are left out. */
  suggestions: readonly string[];
  maxTags?: number;
  maxLength?: number;
  error?: string | null;
  disabled?: boolean;
  /** Called when the input takes focus: suggestions may be fetched then rather than up front. */
  onFocus?: () => void;
};

const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * A list of short labels edited by keyboard or touch: type and press Enter (or a comma, or Add)
 * to add one, choose from the suggestions as you type, remove one with its × button or
 * Backspace in the empty input. The limits are the contract's, said before anything is sent.
 */
export function TagInput({ label, noun = 'tag', value, onChange, suggestions, maxTags = 20, maxLength = 40, error, disabled, onFocus }: Props) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const offered = suggestions.filter((tag) => !value.some((chosen) => same(chosen, tag)));

  const add = () => {
    const tag = draft.trim().replace(/,+$/, '').trim();
    if (!tag) return;
    if (tag.length > maxLength) return setNote(`Each ${noun} is limited to ${maxLength} characters.`);
    if (value.some((chosen) => same(chosen, tag))) return setNote(`“${tag}” is already added.`);
    if (value.length >= maxTags) return setNote(`Use at most ${maxTags} ${noun}s.`);
    onChange([...value, tag]);
    setDraft('');
    setNote(`Added “${tag}”.`);
  };
  const remove = (tag: string) => {
    onChange(value.filter((chosen) => chosen !== tag));
    setNote(`Removed “${tag}”.`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      remove(value[value.length - 1]!);
    }
  };

  const describedBy = [`${id}-note`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={`${id}-input`}>{label}</label>
      {value.length > 0 && (
        <ul className={styles.tags} aria-label={label}>
          {value.map((tag) => (
            <li key={tag} className={styles.tag}>
              {tag}
              <button type="button" className={styles.remove} aria-label={`Remove ${noun} ${tag}`} onClick={() => remove(tag)} disabled={disabled}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.adder}>
        <input
          id={`${id}-input`}
          list={`${id}-suggestions`}
          autoComplete="off"
          enterKeyHint="done"
          placeholder={`Add a ${noun}`}
          value={draft}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setDraft(event.target.value);
            setNote(null);
          }}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
        />
        <button type="button" className="btn btn-secondary btn-small" onClick={add} disabled={disabled || draft.trim() === ''}>
          Add
        </button>
      </div>
      <datalist id={`${id}-suggestions`}>
        {offered.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      <p className="field-hint" id={`${id}-note`} aria-live="polite">
        {note ?? 'Press Enter to add; your own tags are suggested as you type.'}
      </p>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
