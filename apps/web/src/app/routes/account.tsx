import { useNavigate } from 'react-router';
import { memberTimeZone } from '@th/domain';
import { Alert } from '@/components/alert';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { AccountCard } from '@/features/account/components/account-card';
import { BotControls } from '@/features/account/components/bot-controls';
import { YourDataCard } from '@/features/data-rights/components/your-data-card';
import { NotificationPreferencesCard } from '@/features/notifications/components/notification-preferences-card';
import { LinkedAccounts } from '@/features/account/components/linked-accounts';
import { SubscriptionCard } from '@/features/account/components/subscription-card';
import { SuspendedNotice } from '@/features/account/components/suspended-notice';
import { RiskLockBadge } from '@/features/risk/components/lock-notice';
import styles from '@/features/account/components/account.module.css';
import { profileQueryOptions, useProfile } from '@/features/auth/api/get-profile';
import { useLogout } from '@/features/auth/api/logout';
import { useMembershipHealth } from '@/features/billing/hooks/use-membership-health';
import { describeStatus } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export function Component() {
  const navigate = useNavigate();
  const profile = useProfile();
  const logout = useLogout();
  const data = profile.data;
  useMembershipHealth(data ? data.subscription : undefined, data?.status.toLowerCase() === 'suspended');

  // Spec §7: a failed logout is only logged; the member goes home regardless.
  const onLogout = () => logout.mutate(undefined, { onSettled: () => void navigate(paths.home, { replace: true }) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });

  return (
    <div className="account-page">
      <Hero title="Account Settings" subtitle="Your profile, membership and linked trading accounts." />
      <SuspendedNotice />
      {profile.isPending && <Loading label="Loading your profile…" />}
      {profile.isError && (
        <Alert tone="error">
          {describeStatus(profile.error, (status) => (status === null ? 'Unable to load your details.' : `Failed to load profile (${status})`))}
        </Alert>
      )}
      {data && (
        <>
          <div className={styles.columns}>
            <AccountCard profile={data} loggingOut={logout.isPending} onLogout={onLogout} />
            <SubscriptionCard profile={data} />
          </div>
          <LinkedAccounts
            accounts={data.linked_accounts}
            membershipActive={data.status.toLowerCase() === 'active'}
            timeZone={data.timezone}
            onChanged={refresh}
            accountNotice={
              data.status.toLowerCase() === 'active' ? (accountId) => <RiskLockBadge accountId={accountId} zone={memberTimeZone(data.timezone)} /> : undefined
            }
          />
          <BotControls profile={data} />
          <NotificationPreferencesCard to={paths.accountNotifications} />
          <YourDataCard to={paths.accountData} />
        </>
      )}
    </div>
  );
}
