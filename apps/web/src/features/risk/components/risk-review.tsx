import { riskRuleNamesText, type RiskReviewEvent } from '@th/contracts/risk';
import { momentLabel } from '@th/domain';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { useRiskReview } from '../api/get-risk-review';
import styles from './rules.module.css';
import lockStyles from './lock.module.css';

const KINDS: Record<RiskReviewEvent['kind'], { label: string; tone: 'red' | 'orange' }> = {
  breach: { label: 'Flattened and locked', tone: 'red' },
  relock: { label: 'Closed while locked', tone: 'red' },
  warning: { label: 'Warning', tone: 'orange' },
};

const STATUS = { planned: 'planned', sent: 'sent', done: 'done', failed: 'failed, retrying' } as const;

/** The review log of enforcement: each breach or warning with what tripped it and every action taken. */
export function RiskReview({ zone }: { zone: string }) {
  const review = useRiskReview();
  if (review.isPending) return <Loading label="Loading the review log…" />;
  if (review.isError) return <Alert tone="error">{describeError(review.error, 'The review log could not be loaded.')}</Alert>;
  if (review.data.data.length === 0) return <p className="muted">No rule has been broken yet.</p>;
  return (
    <ul className={styles.list} aria-label="Breaches and warnings">
      {review.data.data.map((event) => (
        <li key={event.id} className={styles.item}>
          <span>
            <strong>{event.account_label}</strong> <Badge tone={KINDS[event.kind].tone}>{KINDS[event.kind].label}</Badge>
          </span>
          <span className={styles.summary}>{momentLabel(event.at, { zone })}</span>
          <span className={styles.summary}>
            {event.kind !== 'relock' && `Rules broken: ${riskRuleNamesText(event.rules)}. `}
            {event.message}
            {event.locked_until && ` Locked until ${momentLabel(event.locked_until, { zone })}.`}
          </span>
          {event.actions.length > 0 && (
            <ul className={lockStyles.actions} aria-label="Actions taken">
              {event.actions.map((action) => (
                <li key={action.id} className={action.status === 'failed' ? lockStyles.failed : undefined}>
                  {action.detail}: {STATUS[action.status]}
                  {action.last_error && ` (${action.last_error})`}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
