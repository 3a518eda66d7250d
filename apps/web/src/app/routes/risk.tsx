import { memberTimeZone } from '@th/domain';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { useProfile } from '@/features/auth/api/get-profile';
import { PositionSizeCalculator } from '@/features/risk/components/position-size-calculator';

export function Component() {
  const { data: profile, isPending } = useProfile();
  return (
    <>
      <Hero title="Risk Manager" subtitle="Size each trade from your account and your stop before you take it." />
      {isPending ? (
        <Loading label="Loading your accounts…" />
      ) : (
        <PositionSizeCalculator
          zone={memberTimeZone(profile?.timezone)}
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
    </>
  );
}
