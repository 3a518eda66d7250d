import { DateTime } from 'luxon';
import { TRADE_TIME_ZONE } from '@th/domain';
import { latestBacktestEnd } from '@th/contracts/backtests';

/** What the member types into the panel: dates and costs as the inputs hold them, named as the request. */
export type BacktestDraft = {
  from: string;
  to: string;
  commission_per_lot: string;
  entry_slippage: string;
  stop_slippage: string;
};

/** Today on the trading calendar (Toronto), whatever the device's zone. */
const tradingDay = (now: Date) => DateTime.fromJSDate(now, { zone: TRADE_TIME_ZONE }).startOf('day');

/** Today on the trading calendar: the latest date a backtest may end on. */
export const todayIso = (now = new Date()) => tradingDay(now).toISODate()!;

/** Three months up to yesterday: enough trading days to judge, quick to fetch the first time. */
export function defaultDraft(now = new Date()): BacktestDraft {
  const to = tradingDay(now).minus({ days: 1 });
  const from = to.minus({ months: 3 });
  return { from: from.toISODate()!, to: to.toISODate()!, commission_per_lot: '0', entry_slippage: '0', stop_slippage: '0' };
}

/** The latest end date the picker allows for a start date (two years on, never past today). */
export function maxEndFor(from: string, today: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) return today;
  const latest = latestBacktestEnd(from);
  return latest < today ? latest : today;
}
