import { Link } from 'react-router';
import { Card } from '@/components/card';

/** The account page's way to the notification preferences. */
export function NotificationPreferencesCard({ to }: { to: string }) {
  return (
    <Card title="Notifications" aria-label="Notifications">
      <p className="muted">Choose which notifications appear in the platform and which come by e-mail or push, when session reminders arrive, and your quiet hours.</p>
      <Link to={to} className="btn btn-secondary">
        Notification preferences
      </Link>
    </Card>
  );
}
