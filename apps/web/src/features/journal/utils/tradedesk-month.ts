import { monthGrid, type MonthKey } from '@th/domain';
import { tradeDeskCalls } from './tradedesk-calls';

/** What TradeDesk shows for a month and account filter: the calendar grid and its two calls. */
export function tradeDeskMonth(month: MonthKey, accountId: string) {
  return { grid: monthGrid(month)!, ...tradeDeskCalls(month, accountId) };
}
