import { Link } from 'react-router';
import type { Profile } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { CredentialsForm } from '@/features/account/components/credentials-form';
import { ProfileForm } from '@/features/account/components/profile-form';
import styles from '@/features/account/components/account.module.css';
import { profileQueryKey, useProfile } from '@/features/auth/api/get-profile';
import { describeStatus } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export function Component() {
  const profile = useProfile();
  const saved = (next: Profile) => queryClient.setQueryData(profileQueryKey, next);

  return (
    <div className="account-page">
      <Hero title="Update Details">
        <Link to={paths.account} className="chip">
          ← Back to Account
        </Link>
      </Hero>
      {profile.isPending && <Loading label="Loading your profile…" />}
      {profile.isError && (
        <Alert tone="error">
          {describeStatus(profile.error, (status) => (status === null ? 'Unable to load your details.' : `Failed to load profile (${status})`))}
        </Alert>
      )}
      {profile.data && (
        <div className={styles.edit}>
          <ProfileForm profile={profile.data} onSaved={saved} />
          <CredentialsForm profile={profile.data} onSaved={saved} />
        </div>
      )}
    </div>
  );
}
