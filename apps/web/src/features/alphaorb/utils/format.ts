
/** Dashboard money: whole amounts without decimals, others with two (§9). */
export function formatSummaryMoney(value: number, currency = 'USD'): string {
  const whole = Number.isInteger(value);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(value);
}

/** Win rate as a percent with one decimal (§9). */
export const formatWinRate = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/** Signed P&L with a $ prefix; a dash when missing (§3.5, §9). */
export function formatPnl(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = Number(value);
  if (!Number.isFinite(n)) return '—';
  const sign = n > 0 ? '+' : n < 0 ? '-' : '';
  return `${sign}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Prices with 2 to 5 decimals; a dash when missing. */
export function formatPriceText(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 5 }) : '—';
}

