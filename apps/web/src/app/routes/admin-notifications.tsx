import { memberTimeZone } from '@th/domain';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { useProfile } from '@/features/auth/api/get-profile';
import { UndeliveredList } from '@/features/notifications/components/undelivered-list';

/** /admin/notifications: notification e-mails and pushes that did not reach members, and Retry now. */
export function Component() {
  const { data: profile } = useProfile();
  return (
    <>
      <Hero
        title="Notification deliveries"
        subtitle="E-mails and pushes that failed or wait for a retry. Each is tried up to six times with growing waits; Retry now tries one again at once and is recorded in the audit log."
      />
      <Card title="Undelivered">
        <UndeliveredList zone={memberTimeZone(profile?.timezone)} />
      </Card>
    </>
  );
}
