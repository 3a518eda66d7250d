import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/alert';
import { paths } from '@/config/paths';
import {
  clearMembershipNotice,
  DEFAULT_NOTICE,
  onMembershipNotice,
  readMembershipNotice,
  type MembershipNotice,
} from '@/lib/membership-notice';
import styles from './account.module.css';

/**
 * The inactive-membership notice: from session storage (and its broadcast event) or from
 * `?notice=suspended`. Dismissing clears both.
 */
export function SuspendedNotice() {
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState<MembershipNotice | null>(() => readMembershipNotice());
  useEffect(() => onMembershipNotice(setNotice), []);

  const fromQuery = params.get('notice') === 'suspended';
  if (!notice && !fromQuery) return null;

  const dismiss = () => {
    clearMembershipNotice();
    if (fromQuery) {
      const next = new URLSearchParams(params);
      next.delete('notice');
      setParams(next, { replace: true });
    }
  };

  return (
    <Alert tone="warning" onDismiss={dismiss}>
      <p className={styles.noticeText}>{notice?.message ?? DEFAULT_NOTICE}</p>
      <Link to={paths.accountSubscription} className={styles.noticeLink}>
        Manage billing
      </Link>
    </Alert>
  );
}
