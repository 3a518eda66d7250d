import type { SubscriptionDetails } from '@th/contracts';
import { DateTime } from 'luxon';
import { formatMinorUnits, intervalLabel, memberTimeZone, renewalLabel, subscriptionBadgeTone, subscriptionStatusLabel } from '@th/domain';
import { Badge, type Tone } from '@/components/badge';
import { Card } from '@/components/card';
import { DetailList, DetailRow } from '@/components/detail-list';
import styles from './billing.module.css';

const TONE: Record<ReturnType<typeof subscriptionBadgeTone>, Tone> = { green: 'green', orange: 'orange', grey: 'gray' };
const VENDOR_LABELS: Record<string, string> = { stripe: 'Stripe', internal: 'Internal', skool: 'Skool' };

/** A date in the member's zone (memberTimeZone), e.g. "October 24, 2026". */
function formatDate(value: string | null | undefined, timeZone: string | null) {
  const at = value ? DateTime.fromISO(value, { zone: memberTimeZone(timeZone) }) : null;
  return at?.isValid ? at.setLocale('en-US').toFormat('LLLL d, yyyy') : null;
}

/** The end Stripe has scheduled, if any: at period end, or on a set cancel date. */
function scheduledEnd(details: SubscriptionDetails, timeZone: string | null): string | null {
  const stripe = details.stripe;
  if (!stripe) return null;
  if (stripe.cancel_at_period_end) {
    const end = formatDate(stripe.current_period_end ?? details.renewal_date, timeZone);
    return end ? `Your membership is set to end on ${end} and will not renew.` : 'Your membership is set to end at the close of this billing period.';
  }
  const cancelAt = formatDate(stripe.cancel_at, timeZone);
  return cancelAt ? `Your membership is scheduled to end on ${cancelAt}.` : null;
}

type Props = { details: SubscriptionDetails | null; timeZone: string | null };

/** Membership overview of Manage subscription (platform §2, labels and badges as §4). */
export function MembershipOverview({ details, timeZone }: Props) {
  if (!details) {
    return (
      <Card title="Membership overview" aria-label="Membership overview">
        <p className="muted">No active membership was detected for this account.</p>
      </Card>
    );
  }
  const stripe = details.stripe;
  const status = stripe?.status ?? details.status;
  const interval = intervalLabel(stripe?.interval ?? details.interval, stripe?.interval_count);
  const price = stripe ? formatMinorUnits(stripe.unit_amount, stripe.currency) : null;
  const ending = scheduledEnd(details, timeZone);
  const period = renewalLabel(
    { status, cancel_at_period_end: stripe?.cancel_at_period_end, renewal_date: stripe?.current_period_end ?? details.renewal_date },
    new Date(),
    'Next renewal',
  );
  const rows: [string, string][] = [[period, formatDate(details.renewal_date, timeZone) ?? '—']];
  if (price) rows.push(['Price', interval ? `${price} · ${interval}` : price]);
  rows.push(['Vendor', VENDOR_LABELS[details.vendor] ?? details.vendor]);
  if (stripe?.subscription_id) rows.push(['Subscription ID', stripe.subscription_id]);

  return (
    <Card title="Membership overview" aria-label="Membership overview">
      <DetailList>
        <DetailRow label="Plan">
          <span className={styles.planName}>{details.plan_name ?? 'Membership'}</span>
          {interval && <span className={styles.intervalNote}>Billed {interval === 'Yearly' ? 'yearly' : `every ${interval}`}</span>}
        </DetailRow>
        <DetailRow label="Status">
          <Badge tone={TONE[subscriptionBadgeTone(status, true)]}>{subscriptionStatusLabel(status, true)}</Badge>
        </DetailRow>
        {rows.map(([label, value]) => (
          <DetailRow key={label} label={label} valueClassName={label === 'Subscription ID' ? styles.mono : undefined}>
            {value}
          </DetailRow>
        ))}
      </DetailList>
      {ending && (
        <p className={styles.scheduledEnd} role="note">
          {ending}
        </p>
      )}
    </Card>
  );
}
