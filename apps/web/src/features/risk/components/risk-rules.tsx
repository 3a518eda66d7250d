import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { useRiskOverview } from '../api/get-risk-overview';
import { AccountRulesForm } from './account-rules-form';
import { PresetForm } from './preset-form';
import { PresetList } from './preset-list';
import { RuleChanges } from './rule-changes';
import { rulesSummary } from './rules-summary';
import styles from './rules.module.css';

/** Rules per linked account, presets to apply to several, and the log of every change. */
export function RiskRules({ zone }: { zone: string }) {
  const overview = useRiskOverview();
  if (overview.isPending) return <Loading label="Loading your rules…" />;
  if (overview.isError) return <Alert tone="error">{describeError(overview.error, 'Your rules could not be loaded.')}</Alert>;
  const { accounts, presets } = overview.data.data;
  const currency = accounts[0]?.currency ?? 'USD';
  return (
    <>
      {/* Until the worker enforces them (issue #22's enforcement slice), a member must not believe
          a saved rule protects the account: losing past a limit they set would be on us. */}
      <Alert tone="warning">
        Rules are saved and logged, but not yet enforced: nothing warns you, closes positions or locks
        an account when one is broken. Keep your own stops at the broker.
      </Alert>
      {accounts.length === 0 && (
        <Card title="Account rules">
          <p className="muted">Link a TradeLocker account to set rules on it.</p>
        </Card>
      )}
      {accounts.map((account) => (
        <Card key={account.account_id} title={`Rules: ${account.label}`} aria-label={`Rules: ${account.label}`}>
          <p className={styles.summary}>{account.rules ? rulesSummary(account.rules, account.currency) : 'No rules on this account yet.'}</p>
          <AccountRulesForm account={account} />
        </Card>
      ))}
      <Card title="Presets" aria-label="Presets">
        <PresetList presets={presets} accounts={accounts} />
        <h3>New preset</h3>
        <PresetForm currency={currency} />
      </Card>
      <Card title="Rule changes" aria-label="Rule change log">
        <RuleChanges zone={zone} currency={currency} />
      </Card>
    </>
  );
}
