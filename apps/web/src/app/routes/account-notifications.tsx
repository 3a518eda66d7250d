import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { usePreferences } from '@/features/notifications/api/get-preferences';
import { NotificationPreferencesForm } from '@/features/notifications/components/notification-preferences-form';
import { PushDeviceControl } from '@/features/notifications/components/push-device-control';
import { describeError } from '@/lib/api-client';

/** The account area's notification preferences: push on this device, per kind in-app, e-mail and push, reminders, quiet hours. */
export function Component() {
  const preferences = usePreferences();
  return (
    <div>
      <Hero title="Notification preferences" subtitle="Choose how each kind of notification reaches you.">
        <Link to={paths.account} className="chip">
          ← Back to Account
        </Link>
      </Hero>
      <Card>
        <PushDeviceControl />
        {preferences.isPending && <Loading label="Loading your preferences…" />}
        {preferences.isError && (
          <Alert tone="error">{describeError(preferences.error, (status) => `Failed to load preferences (${status ?? 'no answer'})`)}</Alert>
        )}
        {preferences.data && <NotificationPreferencesForm preferences={preferences.data.data} />}
      </Card>
    </div>
  );
}
