import { Info } from 'luxon';
import { TRADE_TIME_ZONE } from '@th/domain';
import { useProfile } from '@/features/auth/api/get-profile';
import { MarketEventsPage } from '@/features/market-events/components/market-events-page';

/** Events show in the member's own zone (profile), else the browser's, else Toronto. */
function memberZone(profileZone: string | null | undefined): string {
  if (profileZone && Info.isValidIANAZone(profileZone)) return profileZone;
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return browser && Info.isValidIANAZone(browser) ? browser : TRADE_TIME_ZONE;
}

export function Component() {
  const { data: profile } = useProfile();
  return <MarketEventsPage zone={memberZone(profile?.timezone)} />;
}
