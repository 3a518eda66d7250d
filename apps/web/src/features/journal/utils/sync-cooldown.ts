import { SYNC_COOLDOWN_SECONDS } from '@th/contracts/limits';

/** Where the last successful sync time is kept, so a reload keeps the cooldown (§4.4). */
export const LAST_SYNC_STORAGE_KEY = 'th_tradedesk_last_sync';

export function readLastSync(): number | null {
  try {
    const value = Number(localStorage.getItem(LAST_SYNC_STORAGE_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function storeLastSync(at: number) {
  try {
    localStorage.setItem(LAST_SYNC_STORAGE_KEY, String(at));
  } catch {
    // Private mode: the cooldown then only lasts for this page.
  }
}

/** Whole seconds of cooldown left at `now`; 0 when syncing is allowed. */
export function cooldownLeft(lastSync: number | null, now: number): number {
  if (lastSync === null) return 0;
  const left = Math.ceil((lastSync + SYNC_COOLDOWN_SECONDS * 1000 - now) / 1000);
  return left > 0 && left <= SYNC_COOLDOWN_SECONDS ? left : 0;
}

/** "2:05". */
export const formatCountdown = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
