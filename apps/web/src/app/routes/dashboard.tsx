import { Info } from 'luxon';
import { ALPHAORB_MANAGE, hasPermission, TRADE_TIME_ZONE } from '@th/domain';
import { Loading } from '@/components/loading';
import { useProfile } from '@/features/auth/api/get-profile';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';

/** The member's zone (profile), else the browser's, else Toronto. */
function memberZone(profileZone: string | null | undefined): string {
  if (profileZone && Info.isValidIANAZone(profileZone)) return profileZone;
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browser && Info.isValidIANAZone(browser) ? browser : TRADE_TIME_ZONE;
}

export function Component() {
  const { data: profile, isPending } = useProfile();
  if (isPending) return <Loading label="Loading your dashboard…" />;
  return (
    <DashboardPage
      member={{
        firstName: profile?.first_name?.trim() || null,
        zone: memberZone(profile?.timezone),
        hasLinkedAccount: (profile?.linked_accounts ?? []).length > 0,
        canManageBots: hasPermission(profile, ALPHAORB_MANAGE),
      }}
    />
  );
}
