import type { JournalTradeEntry } from '@th/contracts/journals';
import { usePlaybooks } from '../api/get-playbooks';
import styles from './journal.module.css';

/** The trade's playbook (issue #24) and which of its rules were followed, each marked. */
export function TradePlaybookRead({ entry }: { entry: JournalTradeEntry | undefined }) {
  const playbooks = usePlaybooks(Boolean(entry?.playbook_id));
  const playbook = playbooks.data?.data.find((item) => item.id === entry?.playbook_id);
  const followed = new Set(entry?.rules_followed ?? []);
  return (
    <>
      <h3>Playbook</h3>
      <dl>
        <div className={styles.detailRow}>
          <dt>Playbook</dt>
          <dd>{!entry?.playbook_id ? <span className="muted">None</span> : (playbook?.name ?? <span className="muted">Loading…</span>)}</dd>
        </div>
        {playbook?.rules.map((rule) => (
          <div key={rule.id} className={styles.detailRow}>
            <dt>{rule.text}</dt>
            <dd>{followed.has(rule.id) ? <span className="positive">Followed</span> : <span className="negative">Missed</span>}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
