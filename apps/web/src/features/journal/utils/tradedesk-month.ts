import { monthGrid, monthKeyOf, type MonthKey } from '@th/domain';
import { TRADEDESK_TRADE_LIMIT } from '@th/contracts/limits';
import type { DaySummariesParams } from '../api/get-day-summaries';
import type { OrderHistoryParams } from '../api/get-order-history';

/** The month TradeDesk opens on: the current one in trade time (Toronto). */
export const currentTradeDeskMonth = (): MonthKey => monthKeyOf(new Date())!;

/**
 * The month TradeDesk shows, kept in the address (`?month=2026-10`) so a day opened from it and
 * Back (or a shared link) return to the same month; absent or not a month, the current one.
 */
export function tradeDeskMonthIn(search: URLSearchParams): MonthKey {
  const asked = search.get('month');
  return asked && /^\d{4}-\d{2}$/.test(asked) && monthGrid(asked) ? asked : currentTradeDeskMonth();
}

/**
 * What TradeDesk shows for a month and account filter: the calendar grid and the parameters
 * of its two calls (§7.2), the latest trades with the account choices and the summaries of
 * every day the grid shows. The route starts both calls while the page loads; the page reads
 * them, so both must ask with exactly these parameters.
 */
export function tradeDeskMonth(month: MonthKey, accountId: string) {
  const grid = monthGrid(month)!;
  const account_id = accountId || undefined;
  const history: OrderHistoryParams = {
    limit: TRADEDESK_TRADE_LIMIT,
    per_page: TRADEDESK_TRADE_LIMIT,
    page: 1,
    account_id,
  };
  const summaries: DaySummariesParams = {
    from: grid.weeks[0]!.days[0]!.date,
    to: grid.weeks.at(-1)!.days[6]!.date,
    account_id,
  };
  return { grid, history, summaries };
}
