import { memberTimeZone } from '@th/domain';
import { useProfile } from '@/features/auth/api/get-profile';
import { TradeDeskPage } from '@/features/journal/components/tradedesk-page';
import { RiskLockNotice } from '@/features/risk/components/lock-notice';

export function Component() {
  const { data: profile } = useProfile();
  const hasLinkedAccount = (profile?.linked_accounts ?? []).length > 0;
  return <TradeDeskPage notices={hasLinkedAccount ? <RiskLockNotice zone={memberTimeZone(profile?.timezone)} /> : null} />;
}
