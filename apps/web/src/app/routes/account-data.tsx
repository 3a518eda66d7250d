import { useState } from 'react';
import { Link } from 'react-router';
import { memberTimeZone } from '@th/domain';
import { Alert } from '@/components/alert';
import { Hero } from '@/components/hero';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/auth/api/get-profile';
import { CloseAccountCard } from '@/features/data-rights/components/close-account-card';
import { DataExportCard } from '@/features/data-rights/components/data-export-card';
import styles from '@/features/data-rights/components/data-rights.module.css';
import { clearAuth } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';

/** "Your data": download a copy of everything, or close the account (issue #28). */
export function Component() {
  const profile = useProfile();
  const [closed, setClosed] = useState<string | null>(null);
  const timeZone = memberTimeZone(profile.data?.timezone);

  if (closed) {
    return (
      <div>
        <Hero title="Your account is closed" />
        <Alert tone="success">{closed}</Alert>
        <p>
          <Link to={paths.login}>Sign in to restore your account</Link> · <Link to={paths.home}>Go to the home page</Link>
        </p>
      </div>
    );
  }

  return (
    <div>
      <Hero title="Your data" subtitle="A copy of everything your account holds, or closing your account.">
        <Link to={paths.account} className="chip">
          ← Back to Account
        </Link>
      </Hero>
      <div className={styles.columns}>
        <DataExportCard timeZone={timeZone} />
        <CloseAccountCard
          onClosed={(answer) => {
            // The server has signed every device out: forget the token and everything cached.
            clearAuth();
            queryClient.clear();
            setClosed(answer.message);
          }}
        />
      </div>
    </div>
  );
}
