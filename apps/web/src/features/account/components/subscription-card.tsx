import { Link } from 'react-router';
import type { Profile } from '@th/contracts';
import { renewalLabel } from '@th/domain';
import { Card } from '@/components/card';
import { paths } from '@/config/paths';
import { formatDate } from '../utils/format';
import styles from './account.module.css';

const VENDOR_LABELS: Record<string, string> = { stripe: 'Stripe', internal: 'Internal', skool: 'Skool' };

/** 'Your subscription': the plan summary from the profile, or the prompt to connect one. */
export function SubscriptionCard({ profile }: { profile: Profile }) {
  const subscription = profile.subscription;
  return (
    <Card title="Your subscription" aria-label="Your subscription">
      {subscription ? (
        <>
          <p className={styles.plan}>{subscription.plan ?? 'Membership'}</p>
          <dl className={styles.detailRows}>
            <div className={styles.detailRow}>
              <dt>{renewalLabel(subscription, new Date(), 'Renewal date')}</dt>
              <dd>{formatDate(subscription.renewal_date, profile.timezone) ?? '—'}</dd>
            </div>
            <div className={styles.detailRow}>
              <dt>Vendor</dt>
              <dd>{VENDOR_LABELS[subscription.vendor] ?? subscription.vendor}</dd>
            </div>
            <div className={styles.detailRow}>
              <dt>Plan Access</dt>
              <dd>{subscription.access}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p className="muted">Connect your membership to unlock features.</p>
      )}
      <div className="form-actions">
        <Link to={paths.accountSubscription} className="btn btn-secondary">
          Manage subscription
        </Link>
      </div>
    </Card>
  );
}
