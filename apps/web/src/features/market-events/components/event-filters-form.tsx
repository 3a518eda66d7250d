import type { FormEvent } from 'react';
import type { ImpactFilter } from '@th/domain';
import { Button } from '@/components/button';
import { DEFAULT_EVENT_FILTERS, IMPACT_OPTIONS, sameFilters, type EventFilters } from '../utils/event-filters';
import styles from './market-events.module.css';

type Props = {
  draft: EventFilters;
  applied: EventFilters;
  countries: { value: string; label: string }[];
  onDraftChange: (draft: EventFilters) => void;
  onApply: () => void;
  onReset: () => void;
};

/** Impact, country and search edit a draft; Apply commits it when it differs from what is shown. */
export function EventFiltersForm({ draft, applied, countries, onDraftChange, onApply, onReset }: Props) {
  const changed = !sameFilters(draft, applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) onApply();
  };
  const isDefault = sameFilters(draft, DEFAULT_EVENT_FILTERS) && sameFilters(applied, DEFAULT_EVENT_FILTERS);
  return (
    <form className={styles.eventsFilters} onSubmit={submit} aria-label="Market event filters">
      <div className={styles.field}>
        <label htmlFor="events-impact">Impact</label>
        <select
          id="events-impact"
          value={draft.impact}
          onChange={(e) => onDraftChange({ ...draft, impact: e.target.value as ImpactFilter })}
        >
          {IMPACT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor="events-country">Country</label>
        <select id="events-country" value={draft.country} onChange={(e) => onDraftChange({ ...draft, country: e.target.value })}>
          <option value="ALL">All countries</option>
          {countries.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className={`field ${styles.eventsSearch}`}>
        <label htmlFor="events-search">Search</label>
        <input
          id="events-search"
          type="search"
          placeholder="Event, currency or country"
          value={draft.search}
          maxLength={100}
          onChange={(e) => onDraftChange({ ...draft, search: e.target.value })}
        />
      </div>
      <div className={styles.eventsFiltersActions}>
        <Button variant="secondary" onClick={onReset} disabled={isDefault}>
          Reset
        </Button>
        <Button type="submit" disabled={!changed}>
          Apply
        </Button>
      </div>
    </form>
  );
}
