import { Link } from 'react-router';
import type { Profile } from '@th/contracts';
import { displayName, memberStatusTone } from '@th/domain';
import { Avatar } from '@/components/avatar';
import { Badge, type Tone } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { DetailList, DetailRow } from '@/components/detail-list';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime } from '../utils/format';
import styles from './account.module.css';

const TONE: Record<ReturnType<typeof memberStatusTone>, Tone> = { green: 'green', orange: 'orange', grey: 'gray' };

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();

/** 'Your account': who is signed in, with the way to change details or sign out. */
export function AccountCard({ profile, loggingOut, onLogout }: { profile: Profile; loggingOut: boolean; onLogout: () => void }) {
  const zone = profile.timezone;
  const rows: [string, string][] = [
    ['Email', profile.email],
    ['Phone', profile.phone || 'Not provided'],
    ['Last Login', formatDateTime(profile.last_login, zone) ?? 'Never'],
  ];
  return (
    <Card title="Your account" aria-label="Your account">
      <div className={styles.identity}>
        <Avatar profile={profile} size={64} />
        <div>
          <p className={styles.name}>{displayName(profile)}</p>
          <p className={`muted ${styles.since}`}>Member since {formatDate(profile.created_at, zone)}</p>
        </div>
      </div>
      <DetailList>
        {rows.map(([label, value]) => (
          <DetailRow key={label} label={label}>
            {value}
          </DetailRow>
        ))}
        <DetailRow label="Status">
          <Badge tone={TONE[memberStatusTone(profile.status)]}>{statusLabel(profile.status)}</Badge>
        </DetailRow>
      </DetailList>
      <div className="form-actions">
        <Link to={paths.accountEdit} className="btn btn-secondary">
          Update details
        </Link>
        <Button variant="ghost" busy={loggingOut} busyLabel="Logging out…" onClick={onLogout}>
          Log out
        </Button>
      </div>
    </Card>
  );
}
