import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/alert';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/api/get-profile';
import { useSubscription } from '@/features/billing/api/get-subscription';
import { BillingHelpCard } from '@/features/billing/components/billing-help-card';
import { BillingPortalCard } from '@/features/billing/components/billing-portal-card';
import { MembershipOverview } from '@/features/billing/components/membership-overview';
import billingStyles from '@/features/billing/components/billing.module.css';
import { useMembershipHealth } from '@/features/billing/hooks/use-membership-health';
import { ApiError } from '@/lib/api-client';
import { clearAuth } from '@/lib/auth-storage';

export function Component() {
  const navigate = useNavigate();
  const subscription = useSubscription();
  const profile = useProfile();
  const details = subscription.data;
  const signedOut = subscription.error instanceof ApiError && subscription.error.status === 401;

  useMembershipHealth(
    details === undefined
      ? undefined
      : details && {
          vendor: details.vendor,
          status: details.stripe?.status ?? details.status,
          cancel_at_period_end: details.stripe?.cancel_at_period_end,
          cancel_at: details.stripe?.cancel_at,
        },
    profile.data?.status.toLowerCase() === 'suspended',
  );

  // Spec §7: a 401 clears the stored tokens and goes to sign in.
  useEffect(() => {
    if (!signedOut) return;
    clearAuth();
    void navigate(paths.login, { replace: true });
  }, [signedOut, navigate]);

  return (
    <div>
      <Hero title="Manage your membership">
        <Link to={paths.account} className="chip">
          ← Back to Account
        </Link>
      </Hero>
      {subscription.isPending && <Loading label="Loading your membership…" />}
      {subscription.isError && !signedOut && <Alert tone="error">Unable to load subscription details.</Alert>}
      {details !== undefined && (
        <div className={billingStyles.subscriptionGrid}>
          <MembershipOverview details={details} timeZone={profile.data?.timezone ?? null} />
          <div>
            <BillingPortalCard details={details} />
            <BillingHelpCard />
          </div>
        </div>
      )}
    </div>
  );
}
