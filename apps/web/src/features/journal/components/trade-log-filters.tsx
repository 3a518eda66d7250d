import { useState, type FormEvent } from 'react';
import type { OrderHistoryMeta } from '@th/contracts/trades';
import { Button } from '@/components/button';
import { useJournalTags } from '../api/get-journal-tags';
import { usePlaybooks } from '../api/get-playbooks';
import { PlaybookOptions } from './playbook-options';
import styles from './journal.module.css';

export type TradeLogFilters = {
  account_id: string;
  instrument: string;
  type: string;
  side: string;
  entry_from: string;
  entry_to: string;
  tag: string;
  playbook: string;
};

export const EMPTY_FILTERS: TradeLogFilters = { account_id: '', instrument: '', type: '', side: '', entry_from: '', entry_to: '', tag: '', playbook: '' };

export const sameFilters = (a: TradeLogFilters, b: TradeLogFilters) =>
  (Object.keys(EMPTY_FILTERS) as Array<keyof TradeLogFilters>).every((key) => a[key].trim() === b[key].trim());

type Props = {
  draft: TradeLogFilters;
  applied: TradeLogFilters;
  meta: OrderHistoryMeta | undefined;
  refreshing: boolean;
  onChange: (draft: TradeLogFilters) => void;
  onApply: () => void;
  onReset: () => void;
};

/** §2.5 filters: edits stay a draft until Apply; Reset clears what is applied. */
export function TradeLogFilterForm({ draft, applied, meta, refreshing, onChange, onApply, onReset }: Props) {
  const [tagging, setTagging] = useState(false);
  const tags = useJournalTags(tagging);
  // Asked for once the member goes to the field, or when the address names one.
  const [choosing, setChoosing] = useState(false);
  const playbooks = usePlaybooks(choosing || Boolean(draft.playbook));
  const changed = !sameFilters(draft, applied);
  const anyApplied = !sameFilters(applied, EMPTY_FILTERS);
  const set = (key: keyof TradeLogFilters) => (event: { target: { value: string } }) =>
    onChange({ ...draft, [key]: event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) onApply();
  };
  return (
    <form className={styles.tradeLogFilters} onSubmit={submit} aria-label="Trade filters">
      <div className="field">
        <label htmlFor="log-account">Account</label>
        <select id="log-account" value={draft.account_id} onChange={set('account_id')}>
          <option value="">All accounts</option>
          {(meta?.accounts ?? []).map((account) => (
            <option key={account.id} value={account.id}>
              {account.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="log-instrument">Instrument</label>
        <input id="log-instrument" list="log-instruments" autoComplete="off" value={draft.instrument} onChange={set('instrument')} />
        <datalist id="log-instruments">
          {(meta?.instruments ?? []).map((instrument) => (
            <option key={instrument} value={instrument} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor="log-type">Type</label>
        <select id="log-type" value={draft.type} onChange={set('type')}>
          <option value="">All types</option>
          {[...new Map((meta?.types ?? []).map((type) => [type.toLowerCase(), type])).values()].map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="log-side">Side</label>
        <select id="log-side" value={draft.side} onChange={set('side')}>
          <option value="">All sides</option>
          {(meta?.sides ?? []).map((side) => (
            <option key={side} value={side}>
              {side.toUpperCase()}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="log-from">From</label>
        <input id="log-from" type="date" value={draft.entry_from} onChange={set('entry_from')} />
      </div>
      <div className="field">
        <label htmlFor="log-to">To</label>
        <input id="log-to" type="date" value={draft.entry_to} min={draft.entry_from || undefined} onChange={set('entry_to')} />
      </div>
      <div className="field">
        <label htmlFor="log-tag">Tag</label>
        <input id="log-tag" list="log-tags" autoComplete="off" value={draft.tag} onChange={set('tag')} onFocus={() => setTagging(true)} />
        <datalist id="log-tags">
          {(tags.data?.data ?? []).map(({ tag }) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor="log-playbook">Playbook</label>
        <select
          id="log-playbook"
          value={draft.playbook}
          onChange={set('playbook')}
          onFocus={() => setChoosing(true)}
          onPointerEnter={() => setChoosing(true)}
        >
          <PlaybookOptions playbooks={playbooks} chosen={draft.playbook} />
        </select>
      </div>
      <div className={styles.filterActions}>
        <Button variant="secondary" onClick={onReset} disabled={!anyApplied}>
          Reset
        </Button>
        <Button type="submit" disabled={!changed} busy={refreshing} busyLabel="Refreshing…">
          Apply
        </Button>
      </div>
    </form>
  );
}
