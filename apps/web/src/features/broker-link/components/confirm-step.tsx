import { formatMoney } from '@th/domain';
import type { DiscoveredAccount } from '@th/contracts';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import styles from './broker-link.module.css';

export type Selection = Record<string, { chosen: boolean; label: string }>;

type Props = {
  accounts: DiscoveredAccount[] | null;
  selection: Selection;
  onSelection: (selection: Selection) => void;
  linking: boolean;
  onBack: () => void;
  onLink: () => void;
};

/** Step 3 'Confirm account(s)': the discovered accounts as a checklist with optional labels. */
export function ConfirmStep({ accounts, selection, onSelection, linking, onBack, onLink }: Props) {
  const chosen = Object.values(selection).filter((s) => s.chosen).length;
  const update = (id: string, patch: Partial<Selection[string]>) =>
    onSelection({ ...selection, [id]: { chosen: false, label: '', ...selection[id], ...patch } });

  return (
    <>
      <h2 className={styles.stepTitle}>Confirm account(s)</h2>
      {accounts === null ? (
        <Loading label="Finding accounts…" />
      ) : accounts.length === 0 ? (
        <p className="muted">TradeLocker listed no accounts for this login. Check the server and account type.</p>
      ) : (
        <ul className={styles.discoveredAccounts}>
          {accounts.map((account) => {
            const state = selection[account.id] ?? { chosen: false, label: '' };
            const active = account.status?.toUpperCase() === 'ACTIVE';
            const checkboxId = `discovered-${account.id}`;
            return (
              <li key={account.id} className={state.chosen ? `${styles.discoveredAccount} ${styles.chosen}` : styles.discoveredAccount}>
                <input
                  id={checkboxId}
                  type="checkbox"
                  checked={state.chosen}
                  onChange={(e) => update(account.id, { chosen: e.target.checked })}
                />
                <div className={styles.discoveredAccountBody}>
                  <label htmlFor={checkboxId} className={styles.discoveredAccountHead}>
                    <span>{account.platform}</span>
                    <span>#{account.number}</span>
                    <span className={`${styles.pill} ${account.type === 'live' ? styles.pillLive : styles.pillDemo}`}>{account.type === 'live' ? 'Live' : 'Demo'}</span>
                    <Badge tone={active ? 'green' : 'gray'}>{account.status || 'Unknown'}</Badge>
                  </label>
                  <p className={styles.discoveredAccountName}>{account.name}</p>
                  <p className={`${styles.discoveredAccountBalance} muted`}>
                    {account.currency} · {formatMoney(account.balance, { currency: account.currency })}
                  </p>
                  <input
                    type="text"
                    className={styles.discoveredAccountLabel}
                    aria-label={`Label for account ${account.number}`}
                    placeholder="Add a label (optional)"
                    maxLength={100}
                    value={state.label}
                    onChange={(e) => update(account.id, { label: e.target.value })}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack} disabled={linking}>
          Back
        </Button>
        <Button onClick={onLink} disabled={chosen === 0} busy={linking} busyLabel="Linking…">
          Link Selected
        </Button>
      </div>
    </>
  );
}
