import { memberTimeZone } from '@th/domain';
import { useProfile } from '@/features/auth/api/get-profile';
import { MarketEventsPage } from '@/features/market-events/components/market-events-page';

export function Component() {
  const { data: profile } = useProfile();
  return <MarketEventsPage zone={memberTimeZone(profile?.timezone)} />;
}
