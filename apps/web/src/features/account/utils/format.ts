import { DateTime } from 'luxon';
import { memberTimeZone, moneyText } from '@th/domain';

/** Dates and times on the account screens, in the member's zone (memberTimeZone). */
export function formatDate(value: string | null | undefined, timeZone?: string | null): string | null {
  const at = value ? DateTime.fromISO(value, { zone: memberTimeZone(timeZone) }) : null;
  return at?.isValid ? at.setLocale('en-US').toFormat('LLL d, yyyy') : null;
}

export function formatDateTime(value: string | null | undefined, timeZone?: string | null): string | null {
  const at = value ? DateTime.fromISO(value, { zone: memberTimeZone(timeZone) }) : null;
  return at?.isValid ? at.setLocale('en-US').toFormat('LLL d, yyyy, h:mm a') : null;
}

/** A balance with its currency (default USD); unknown currency codes fall back to plain digits. */
export function formatBalance(balance: number | null, currency: string | null | undefined): string {
  if (balance === null || !Number.isFinite(balance)) return '—';
  const code = currency?.trim().toUpperCase() || 'USD';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(balance);
  } catch {
    return `${moneyText(balance)} ${code}`;
  }
}
