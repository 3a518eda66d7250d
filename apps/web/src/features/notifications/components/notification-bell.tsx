import { NavLink } from 'react-router';
import { Icon } from '@/components/icons';
import { useAfterPaint } from '@/lib/after-paint';
import { useUnreadCount } from '../api/get-unread-count';
import styles from './notification-bell.module.css';

/** "99+" past 99, so the badge keeps its size. */
const shown = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The platform header's bell: opens the notification centre; its name says how many are unread
 * ("Notifications, 3 unread"). Asked every 30 s and when the window regains focus; only for an
 * active member (the count is a member route), from the page's first paint on
 * (lib/after-paint.ts). Until a count has come it names none: "0 unread" would be a guess.
 */
export function NotificationBell({ to, active, inert }: { to: string; active: boolean; inert?: boolean }) {
  const painted = useAfterPaint();
  const unread = useUnreadCount(active && painted);
  if (!active) return null;
  const count = unread.data?.unread ?? 0;
  const name = unread.data ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <NavLink to={to} className={styles.bell} aria-label={name} inert={inert}>
      <Icon name="bell" className={styles.icon} />
      {count > 0 && (
        <span aria-hidden="true" className={styles.count}>
          {shown(count)}
        </span>
      )}
    </NavLink>
  );
}
