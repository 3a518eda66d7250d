import { ALPHAORB_MANAGE, hasPermission, memberTimeZone } from '@th/domain';
import { Loading } from '@/components/loading';
import { useProfile } from '@/features/auth/api/get-profile';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { RiskLockNotice } from '@/features/risk/components/lock-notice';

export function Component() {
  const { data: profile, isPending } = useProfile();
  if (isPending) return <Loading label="Loading your dashboard…" />;
  const zone = memberTimeZone(profile?.timezone);
  const hasLinkedAccount = (profile?.linked_accounts ?? []).length > 0;
  return (
    <DashboardPage
      notices={hasLinkedAccount ? <RiskLockNotice zone={zone} /> : null}
      member={{
        firstName: profile?.first_name?.trim() || null,
        zone,
        hasLinkedAccount,
        canManageBots: hasPermission(profile, ALPHAORB_MANAGE),
      }}
    />
  );
}
