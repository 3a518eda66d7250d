import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { useRiskLocks } from '../api/get-risk-locks';
import { useRiskOverview } from '../api/get-risk-overview';
import { AccountRulesForm } from './account-rules-form';
import { AccountLock } from './lock-notice';
import { PresetForm } from './preset-form';
import { PresetList } from './preset-list';
import { RiskReview } from './risk-review';
import { RuleChanges } from './rule-changes';
import { rulesSummary } from './rules-summary';
import styles from './rules.module.css';

/** Rules per linked account with its lock, presets to apply to several, the review log of breaches and the log of every change. */
export function RiskRules({ zone }: { zone: string }) {
  const overview = useRiskOverview();
  const locks = useRiskLocks();
  if (overview.isPending) return <Loading label="Loading your rules…" />;
  if (overview.isError) return <Alert tone="error">{describeError(overview.error, 'Your rules could not be loaded.')}</Alert>;
  const { accounts, presets } = overview.data.data;
  const currency = accounts[0]?.currency ?? 'USD';
  return (
    <>
      <p className={styles.summary}>
        Risk Manager checks each account with rules every few seconds. When a rule is broken it cancels the pending orders,
        closes the open positions, pauses the account's AlphaORB bots and locks the account until the next trading day
        (Toronto time; a cool-down, until it ends), e-mailing you. With warn only it e-mails a warning and closes nothing.
        It needs the broker to answer: keep your own stops at the broker too.
      </p>
      {accounts.length === 0 && (
        <Card title="Account rules">
          <p className="muted">Link a TradeLocker account to set rules on it.</p>
        </Card>
      )}
      {accounts.map((account) => (
        <Card key={account.account_id} title={`Rules: ${account.label}`} aria-label={`Rules: ${account.label}`}>
          <AccountLock lock={locks.data?.data.find((lock) => lock.account_id === account.account_id)} zone={zone} />
          <p className={styles.summary}>{account.rules ? rulesSummary(account.rules, account.currency) : 'No rules on this account yet.'}</p>
          <AccountRulesForm account={account} />
        </Card>
      ))}
      <Card title="Presets" aria-label="Presets">
        <PresetList presets={presets} accounts={accounts} />
        <h3>New preset</h3>
        <PresetForm currency={currency} />
      </Card>
      <Card title="Breaches and warnings" aria-label="Risk Manager review log">
        <RiskReview zone={zone} />
      </Card>
      <Card title="Rule changes" aria-label="Rule change log">
        <RuleChanges zone={zone} currency={currency} />
      </Card>
    </>
  );
}
