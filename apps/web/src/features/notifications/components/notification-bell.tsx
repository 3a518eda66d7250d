import { NavLink } from 'react-router';
import { useUnreadCount } from '../api/get-unread-count';
import styles from './notification-bell.module.css';

/** "99+" past 99, so the badge keeps its size. */
const shown = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The platform header's bell: opens the notification centre; its name says how many are unread
 * ("Notifications, 3 unread"). Asked every 30 s and when the window regains focus; only for an
 * active member (the count is a member route).
 */
export function NotificationBell({ to, active, inert }: { to: string; active: boolean; inert?: boolean }) {
  const unread = useUnreadCount(active);
  if (!active) return null;
  const count = unread.data?.unread ?? 0;
  return (
    <NavLink to={to} className={styles.bell} aria-label={`Notifications, ${count} unread`} inert={inert}>
      {/* Drawn, not the 🔔 emoji: a device without a colour emoji font showed an empty box. */}
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16h15.4L18 12.6V9a6 6 0 0 0-6-6Z" />
        <path d="M9.5 19a2.5 2.5 0 0 0 5 0" />
      </svg>
      {count > 0 && (
        <span aria-hidden="true" className={styles.count}>
          {shown(count)}
        </span>
      )}
    </NavLink>
  );
}
