import { memberTimeZone } from '@th/domain';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { useProfile } from '@/features/auth/api/get-profile';
import { PositionSizeCalculator } from '@/features/risk/components/position-size-calculator';
import { RiskRules } from '@/features/risk/components/risk-rules';

export function Component() {
  const { data: profile, isPending } = useProfile();
  const zone = memberTimeZone(profile?.timezone);
  return (
    <>
      <Hero title="Risk Manager" subtitle="Size each trade before you take it, and set the rules each account must keep." />
      {isPending ? (
        <Loading label="Loading your accounts…" />
      ) : (
        <PositionSizeCalculator
          zone={zone}
          accounts={(profile?.linked_accounts ?? [])
            .filter((account) => !account.disabled)
            .map((account) => ({
              id: account.id,
              label: account.label?.trim() || account.name,
              balance: account.balance,
              currency: account.currency,
              lastSyncedAt: account.last_synced_at,
            }))}
        />
      )}
      <RiskRules zone={zone} />
    </>
  );
}
