import { DateTime } from 'luxon';
import { TRADE_TIME_ZONE } from '@th/domain';
import { BacktestInput, latestBacktestEnd, type BacktestSettingsInput } from '@th/contracts/backtests';

/** What the member types into the panel: dates and costs as the inputs hold them. */
export type BacktestDraft = {
  from: string;
  to: string;
  commission: string;
  entrySlippage: string;
  stopSlippage: string;
};

export type FieldErrors = Partial<Record<string, string>>;

/** Today on the trading calendar (Toronto), whatever the device's zone. */
const tradingDay = (now: Date) => DateTime.fromJSDate(now, { zone: TRADE_TIME_ZONE }).startOf('day');

/** Today on the trading calendar: the latest date a backtest may end on. */
export const todayIso = (now = new Date()) => tradingDay(now).toISODate()!;

/** Three months up to yesterday: enough trading days to judge, quick to fetch the first time. */
export function defaultDraft(now = new Date()): BacktestDraft {
  const to = tradingDay(now).minus({ days: 1 });
  const from = to.minus({ months: 3 });
  return { from: from.toISODate()!, to: to.toISODate()!, commission: '0', entrySlippage: '0', stopSlippage: '0' };
}

/** The latest end date the picker allows for a start date (two years on, never past today). */
export function maxEndFor(from: string, today: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) return today;
  const latest = latestBacktestEnd(from);
  return latest < today ? latest : today;
}

const FIELD_OF: Record<string, keyof BacktestDraft | 'instrument' | 'settings'> = {
  from: 'from',
  to: 'to',
  commission_per_lot: 'commission',
  entry_slippage: 'entrySlippage',
  stop_slippage: 'stopSlippage',
  instrument: 'instrument',
};

/** Field errors keyed by the panel's field names, from the server's or the contract's keys. */
export function panelErrors(errors: Record<string, string[] | undefined>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const field = FIELD_OF[key] ?? (key.startsWith('settings') ? 'settings' : key);
    if (messages?.[0] && !out[field]) out[field] = messages[0];
  }
  return out;
}

/** The request body, or the same messages the server would answer with. */
export function buildRequest(
  draft: BacktestDraft,
  instrument: string | null,
  settings: BacktestSettingsInput,
): { input: BacktestInput; errors: null } | { input: null; errors: FieldErrors } {
  const input: BacktestInput = {
    instrument: instrument ?? '',
    from: draft.from,
    to: draft.to,
    settings,
    commission_per_lot: draft.commission.trim() === '' ? 0 : Number(draft.commission),
    entry_slippage: draft.entrySlippage.trim() === '' ? 0 : Number(draft.entrySlippage),
    stop_slippage: draft.stopSlippage.trim() === '' ? 0 : Number(draft.stopSlippage),
  };
  const parsed = BacktestInput.safeParse(input);
  if (parsed.success) return { input, errors: null };
  const grouped: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    (grouped[key] ??= []).push(issue.message);
  }
  return { input: null, errors: panelErrors(grouped) };
}
