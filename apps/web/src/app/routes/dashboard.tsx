import { ALPHAORB_MANAGE, hasPermission, memberTimeZone } from '@th/domain';
import { Loading } from '@/components/loading';
import { useProfile } from '@/features/auth/api/get-profile';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

export function Component() {
  const { data: profile, isPending } = useProfile();
  if (isPending) return <Loading label="Loading your dashboard…" />;
  return (
    <DashboardPage
      member={{
        firstName: profile?.first_name?.trim() || null,
        zone: memberTimeZone(profile?.timezone),
        hasLinkedAccount: (profile?.linked_accounts ?? []).length > 0,
        canManageBots: hasPermission(profile, ALPHAORB_MANAGE),
      }}
    />
  );
}
