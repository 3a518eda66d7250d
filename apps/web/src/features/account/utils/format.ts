/** Dates and times on the account screens, in the member's own time zone when they set one. */
export function formatDate(value: string | null | undefined, timeZone?: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', ...(timeZone && { timeZone }) }).format(date);
}

export function formatDateTime(value: string | null | undefined, timeZone?: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone && { timeZone }),
  }).format(date);
}

/** A balance with its currency (default USD); unknown currency codes fall back to plain digits. */
export function formatBalance(balance: number | null, currency: string | null | undefined): string {
  if (balance === null || !Number.isFinite(balance)) return '—';
  const code = currency?.trim().toUpperCase() || 'USD';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(balance);
  } catch {
    return `${balance.toFixed(2)} ${code}`;
  }
}
