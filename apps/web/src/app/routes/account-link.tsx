import { Link, useNavigate, useSearchParams } from 'react-router';
import { Hero } from '@/components/hero';
import { paths } from '@/config/paths';
import { profileQueryOptions, useProfile } from '@/features/auth/api/get-profile';
import { LinkWizard } from '@/features/broker-link/components/link-wizard';
import { queryClient } from '@/lib/query-client';

export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const profile = useProfile();
  const reactivateId = params.get('reactivate');
  // The hint names the broker account (its number on the tile) when the profile knows it.
  const reactivating = profile.data?.linked_accounts.find((a) => a.id === reactivateId);
  const membershipActive = profile.data ? profile.data.status.toLowerCase() === 'active' : true;

  const onLinked = () => {
    void queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    void navigate(paths.account);
  };

  return (
    <div className="account-link-page">
      <Hero title="Link trading account" subtitle="Connect your broker to see balances and sync your trades into the journal.">
        <Link to={paths.account} className="chip">
          ← Back to Account
        </Link>
      </Hero>
      <LinkWizard
        membershipActive={membershipActive}
        reactivate={reactivateId ? { id: reactivateId, accountId: reactivating?.account_id ?? null } : null}
        onCancel={() => void navigate(paths.account)}
        onLinked={onLinked}
      />
    </div>
  );
}
