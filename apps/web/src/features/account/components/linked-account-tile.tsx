import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { LinkedAccount } from '@th/contracts';
import { Badge, type Tone } from '@/components/badge';
import { Button } from '@/components/button';
import { DetailList, DetailRow } from '@/components/detail-list';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/api-client';
import { useRemoveTradingAccount } from '../api/remove-trading-account';
import { useUpdateTradingAccount } from '../api/update-trading-account';
import { formatBalance, formatDateTime } from '../utils/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import styles from './account.module.css';

/** Inactive counts as disabled (platform §3). */
export const isDisabled = (account: LinkedAccount) =>
  account.disabled || account.status === 'disabled' || (account.status as string) === 'inactive';

function connectionBadge(account: LinkedAccount): { tone: Tone; label: string } {
  if (isDisabled(account)) return { tone: 'gray', label: 'Disabled' };
  if (account.connection === 'healthy') return { tone: 'green', label: 'Connected' };
  if (account.connection === 'needs_relink') return { tone: 'orange', label: 'Needs re-link' };
  return { tone: 'gray', label: account.connection === 'error' ? 'Sync error' : 'Unknown' };
}

/** Spec §8: the server's message (or its field errors), else the status, else a fallback. */
const failure = (error: unknown, failed: (status: number) => string, fallback: string) =>
  describeError(error, (status) => (status === null ? fallback : failed(status)));

const botsLabel = (count: number) => `${count} bot${count === 1 ? '' : 's'}`;

type Props = { account: LinkedAccount; timeZone: string | null; onChanged: () => void; notice?: ReactNode };

export function LinkedAccountTile({ account, timeZone, onChanged, notice }: Props) {
  const [confirm, setConfirm] = useState<'disable' | 'remove' | null>(null);
  const update = useUpdateTradingAccount(onChanged);
  const remove = useRemoveTradingAccount(onChanged);
  const disabled = isDisabled(account);
  const badge = connectionBadge(account);
  const bots = account.alphaorb_bots_count;

  const close = (open: boolean) => {
    if (open) return;
    setConfirm(null);
    update.reset();
    remove.reset();
  };
  const disable = () =>
    update.mutate({ id: account.id, status: 'disabled' }, { onSuccess: () => setConfirm(null) });
  const removeAccount = () => remove.mutate(account.id, { onSuccess: () => setConfirm(null) });

  const rows: [string, string][] = [
    ['Account', account.account_id],
    ['Type', account.type === 'demo' ? 'Demo' : 'Live'],
    ['Platform', account.platform],
    ['Status', disabled ? 'Disabled' : 'Active'],
    ['Last synced', formatDateTime(account.last_synced_at ?? account.updated_at, timeZone) ?? 'Never'],
  ];
  if (typeof bots === 'number') rows.push(['AlphaORB bots', String(bots)]);

  return (
    <li className={disabled ? `${styles.tile} ${styles.isDisabled}` : styles.tile} aria-label={account.name}>
      <div className={styles.tileHead}>
        <h3 className={styles.tileName}>{account.name}</h3>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <p className={styles.tileBalance}>{formatBalance(account.balance, account.currency)}</p>
      {notice}
      <DetailList compact>
        {rows.map(([label, value]) => (
          <DetailRow key={label} label={label}>
            {value}
          </DetailRow>
        ))}
      </DetailList>
      {disabled && (
        <p className={`muted ${styles.tileNote}`}>
          Disabled accounts keep existing logs but stop syncing until you re-link credentials.
        </p>
      )}
      <div className="form-actions">
        {disabled ? (
          <Link to={paths.accountLink(account.id)} className="btn btn-secondary btn-small">
            Reactivate account
          </Link>
        ) : (
          <Button variant="secondary" className="btn-small" onClick={() => setConfirm('disable')}>
            Disable
          </Button>
        )}
        <Button variant="ghost" className="btn-small" onClick={() => setConfirm('remove')}>
          Remove
        </Button>
      </div>

      <ConfirmDialog
        open={confirm === 'disable'}
        onOpenChange={close}
        title="Disable trading account"
        description={`Disable ${account.name}? This will pause new data but keep existing logs.`}
        confirmLabel="Disable"
        busyLabel="Disabling…"
        busy={update.isPending}
        error={update.isError ? failure(update.error, (s) => `Failed to update account (${s})`, 'Unable to update account.') : null}
        onConfirm={disable}
      />
      <ConfirmDialog
        open={confirm === 'remove'}
        onOpenChange={close}
        title="Remove trading account"
        description={`Remove ${account.name}? This also deletes its associated bots${typeof bots === 'number' ? ` (${botsLabel(bots)})` : ''}.`}
        confirmLabel="Remove"
        busyLabel="Removing…"
        busy={remove.isPending}
        error={remove.isError ? failure(remove.error, (s) => `Failed to remove account (${s})`, 'Unable to remove account.') : null}
        onConfirm={removeAccount}
      />
    </li>
  );
}
