import type { FormEvent } from 'react';
import { LEVELS_MIN_DATE } from '@th/contracts/levels';
import { Button } from '@/components/button';
import styles from './levels.module.css';

/** A date before the first computed day is raised to it (trading-tools §5.5). */
export const clampLevelsDate = (value: string) => (value && value < LEVELS_MIN_DATE ? LEVELS_MIN_DATE : value);

type Props = {
  draft: string;
  applied: string;
  onDraftChange: (value: string) => void;
  onApply: () => void;
  onReset: () => void;
};

/** The Date filter: edits a draft; Apply commits it only when it differs from what is shown. */
export function LevelsFilter({ draft, applied, onDraftChange, onApply, onReset }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft !== applied) onApply();
  };
  return (
    <form className={styles.filter} onSubmit={submit} aria-label="Levels filters">
      <div className="field">
        <label htmlFor="levels-date">Date</label>
        <input
          id="levels-date"
          type="date"
          min={LEVELS_MIN_DATE}
          value={draft}
          onChange={(event) => onDraftChange(event.target.value)}
          onBlur={(event) => onDraftChange(clampLevelsDate(event.target.value))}
          aria-describedby="levels-date-hint"
        />
        <p className="field-hint" id="levels-date-hint">
          Leave empty for the latest trading days. Times are Toronto time.
        </p>
      </div>
      <div className={styles.filterActions}>
        <Button variant="secondary" onClick={onReset} disabled={!draft && !applied}>
          Reset
        </Button>
        <Button type="submit" disabled={draft === applied}>
          Apply
        </Button>
      </div>
    </form>
  );
}
