import { useEffect, useState } from 'react';
import { SYNC_COOLDOWN_SECONDS } from '@th/contracts/limits';
import { Button } from '@/components/button';
import { ApiError } from '@/lib/api-client';
import { useSyncTradingAccounts } from '../api/sync-trading-accounts';
import { describeFailure } from '../utils/errors';
import { cooldownLeft, formatCountdown, readLastSync, storeLastSync } from '../utils/sync-cooldown';
import styles from './journal.module.css';

const MESSAGE_MS = 3000;

/**
 * §4.4 Sync: "Syncing…" while running, then a 3-minute cooldown after a successful sync shown
 * as m:ss (kept across reloads), and a result or error that clears after 3 seconds.
 */
export function SyncButton() {
  const sync = useSyncTradingAccounts();
  const [lastSync, setLastSync] = useState<number | null>(readLastSync);
  const [now, setNow] = useState(() => Date.now());
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const left = cooldownLeft(lastSync, now);

  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [left]);

  useEffect(() => {
    if (!message) return undefined;
    const timer = window.setTimeout(() => setMessage(null), MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  const run = () => {
    sync.mutate(undefined, {
      onSuccess: (result) => {
        const at = Date.now();
        storeLastSync(at);
        setLastSync(at);
        setNow(at);
        const skipped = result.skipped?.length ?? 0;
        const failed = result.failed?.length ?? 0;
        setMessage({
          tone: failed > 0 ? 'error' : 'success',
          text: `Sync complete: ${result.synced?.length ?? 0} updated, ${skipped} skipped, ${failed} failed.`,
        });
      },
      onError: (error) => {
        // The server's own cooldown (a sync from another tab or device, or the background
        // sync): count down what it has left, as after a sync made here.
        if (error instanceof ApiError && error.retryAfterSeconds) {
          const current = Date.now();
          const wait = Math.min(error.retryAfterSeconds, SYNC_COOLDOWN_SECONDS);
          const at = current - (SYNC_COOLDOWN_SECONDS - wait) * 1000;
          storeLastSync(at);
          setLastSync(at);
          setNow(current);
        }
        setMessage({ tone: 'error', text: describeFailure(error, 'Sync failed', 'Unable to sync at this time.') });
      },
    });
  };

  return (
    <div className={styles.sync}>
      <Button
        variant="secondary"
        onClick={run}
        disabled={left > 0}
        busy={sync.isPending}
        busyLabel="Syncing…"
        aria-label={left > 0 ? `Sync available in ${formatCountdown(left)}` : undefined}
      >
        {left > 0 ? formatCountdown(left) : 'Sync'}
      </Button>
      <span className={`${styles.syncMessage} ${message?.tone === 'error' ? 'negative' : 'positive'}`} role="status" aria-live="polite">
        {message?.text}
      </span>
    </div>
  );
}
