import { Link } from 'react-router';
import type { Profile } from '@th/contracts';
import { renewalLabel } from '@th/domain';
import { Card } from '@/components/card';
import { DetailList, DetailRow } from '@/components/detail-list';
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
          <DetailList>
            <DetailRow label={renewalLabel(subscription, new Date(), 'Renewal date')}>
              {formatDate(subscription.renewal_date, profile.timezone) ?? '—'}
            </DetailRow>
            <DetailRow label="Vendor">{VENDOR_LABELS[subscription.vendor] ?? subscription.vendor}</DetailRow>
            <DetailRow label="Plan Access">{subscription.access}</DetailRow>
          </DetailList>
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
