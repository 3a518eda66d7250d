import { Link } from 'react-router';
import { memberTimeZone } from '@th/domain';
import { Hero } from '@/components/hero';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/api/get-profile';
import { NotificationList } from '@/features/notifications/components/notification-list';

/** The notification centre: what the platform told the member, with links (issue #25). */
export function Component() {
  const profile = useProfile();
  return (
    <div>
      <Hero title="Notifications" subtitle="Session reminders, live sessions, replays and bot events.">
        <Link to={paths.accountNotifications} className="chip">
          Notification preferences
        </Link>
      </Hero>
      <NotificationList timeZone={memberTimeZone(profile.data?.timezone)} />
    </div>
  );
}
