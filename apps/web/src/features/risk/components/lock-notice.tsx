import { Link } from 'react-router';
import type { RiskLock } from '@th/contracts/risk';
import { riskRuleNamesText } from '@th/contracts/risk-rule-names';
import { momentLabel } from '@th/domain';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { useRiskLocks } from '../api/get-risk-locks';
import styles from './lock.module.css';
import { paths } from '@/config/paths';

/** "Locked by Risk Manager until …", the time in the member's named zone. */
export const lockedUntilText = (lock: RiskLock, zone: string) =>
  `Locked by Risk Manager until ${momentLabel(lock.locked_until!, { zone }) ?? lock.locked_until}`;

/** "Rules broken: Max daily loss, Max loss per trade.": every rule the check that locked found broken. */
export const lockRulesText = (lock: RiskLock) => (lock.rules.length ? `Rules broken: ${riskRuleNamesText(lock.rules)}.` : '');

/** The short badge on a linked account's tile, with the rules broken; nothing while the account is not locked. */
export function RiskLockBadge({ accountId, zone }: { accountId: string; zone: string }) {
  const locks = useRiskLocks();
  const lock = locks.data?.data.find((l) => l.account_id === accountId);
  if (!lock?.locked) return null;
  return (
    <p className={styles.badgeLine}>
      <Badge tone="red">{lockedUntilText(lock, zone)}</Badge> <span className={styles.badgeRules}>{lockRulesText(lock)}</span>
    </p>
  );
}

/** The dashboard's and TradeDesk's notice: every locked account, with the way to the Risk Manager. */
export function RiskLockNotice({ zone }: { zone: string }) {
  const locks = useRiskLocks();
  const locked = (locks.data?.data ?? []).filter((l) => l.locked);
  if (locked.length === 0) return null;
  return (
    <section className={styles.notice} aria-label="Risk Manager locks">
      {locked.map((lock) => (
        <Alert key={lock.account_id} tone="warning">
          <strong>{lock.label}</strong>: {lockedUntilText(lock, zone)}. {lockRulesText(lock)} {lock.message}{' '}
          <Link to={paths.risk}>Review in Risk Manager</Link>
        </Alert>
      ))}
    </section>
  );
}

/** An account's enforcement state on /risk: the lock with the numbers that tripped it, and broker trouble. */
export function AccountLock({ lock, zone }: { lock: RiskLock | undefined; zone: string }) {
  if (!lock) return null;
  return (
    <>
      {lock.locked && (
        <Alert tone="warning">
          <strong>{lockedUntilText(lock, zone)}.</strong> {lockRulesText(lock)} {lock.message} Pending orders were cancelled, open positions closed and the
          account's AlphaORB bots paused; anything opened before the lock ends is closed again.
        </Alert>
      )}
      {lock.failed_actions > 0 && (
        <Alert tone="error">
          {lock.failed_actions === 1 ? 'One action' : `${lock.failed_actions} actions`} could not be completed at TradeLocker yet: Risk Manager
          keeps retrying. See the review log below.
        </Alert>
      )}
      {lock.last_error && <Alert tone="error">{lock.last_error}</Alert>}
    </>
  );
}
