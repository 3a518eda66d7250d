import { momentLabel } from '@th/domain';
import { Alert } from '@/components/alert';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { useRuleChanges } from '../api/get-rule-changes';
import { rulesSummary } from './rules-summary';
import styles from './rules.module.css';

const ACTIONS = { set: 'rules set', removed: 'rules removed', created: 'preset created', deleted: 'preset deleted', applied: 'preset applied' } as const;

/** The review log: every change of rules and presets, newest first, in the member's zone. */
export function RuleChanges({ zone, currency }: { zone: string; currency: string }) {
  const changes = useRuleChanges();
  if (changes.isPending) return <Loading label="Loading the change log…" />;
  if (changes.isError) return <Alert tone="error">{describeError(changes.error, 'The change log could not be loaded.')}</Alert>;
  if (changes.data.data.length === 0) return <p className="muted">No rule changes yet.</p>;
  return (
    <ul className={styles.list} aria-label="Rule changes">
      {changes.data.data.map((change) => (
        <li key={change.id} className={styles.item}>
          <span>
            <strong>{change.subject_label}</strong>: {ACTIONS[change.action]}
          </span>
          <span className={styles.summary}>{change.after ? rulesSummary(change.after, currency) : ''}</span>
          <span className={styles.summary}>{momentLabel(change.at, { zone })}</span>
        </li>
      ))}
    </ul>
  );
}
