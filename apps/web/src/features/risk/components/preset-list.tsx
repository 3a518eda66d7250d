import type { RiskAccount, RiskPreset } from '@th/contracts/risk';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { describeError } from '@/lib/api-client';
import { useApplyPreset } from '../api/apply-preset';
import { useDeletePreset } from '../api/delete-preset';
import { rulesSummary } from './rules-summary';
import styles from './rules.module.css';

function PresetItem({ preset, accounts }: { preset: RiskPreset; accounts: RiskAccount[] }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const apply = useApplyPreset();
  const remove = useDeletePreset();
  const currency = accounts[0]?.currency ?? 'USD';
  const toggle = (id: string, on: boolean) => setChosen((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  return (
    <li className={styles.item}>
      <div>
        <strong>{preset.name}</strong>
        <p className={styles.summary}>{rulesSummary(preset.rules, currency)}</p>
      </div>
      <fieldset className={`choice-box ${styles.sessions}`}>
        <legend>Apply {preset.name} to</legend>
        {accounts.map((account) => (
          <label key={account.account_id} className={styles.session}>
            <input type="checkbox" checked={chosen.includes(account.account_id)} onChange={(e) => toggle(account.account_id, e.target.checked)} />
            {account.label}
          </label>
        ))}
      </fieldset>
      <div className={styles.actions}>
        <Button
          disabled={chosen.length === 0}
          busy={apply.isPending}
          busyLabel="Applying…"
          onClick={() => apply.mutate({ presetId: preset.id, accountIds: chosen }, { onSuccess: () => setChosen([]) })}
        >
          Apply {preset.name}
        </Button>
        <Button variant="secondary" busy={remove.isPending} busyLabel="Deleting…" onClick={() => remove.mutate(preset.id)}>
          Delete {preset.name}
        </Button>
      </div>
      {apply.isError && <Alert tone="error">{describeError(apply.error, 'The preset could not be applied.')}</Alert>}
      {remove.isError && <Alert tone="error">{describeError(remove.error, 'The preset could not be deleted.')}</Alert>}
      {apply.isSuccess && <Alert tone="success">Applied to {apply.data.data.map((a) => a.label).join(', ')}.</Alert>}
    </li>
  );
}

/** The member's presets, each applied to the accounts ticked under it. */
export function PresetList({ presets, accounts }: { presets: RiskPreset[]; accounts: RiskAccount[] }) {
  if (presets.length === 0) return <p className="muted">No presets yet.</p>;
  return (
    <ul className={styles.list}>
      {presets.map((preset) => (
        <PresetItem key={preset.id} preset={preset} accounts={accounts} />
      ))}
    </ul>
  );
}
