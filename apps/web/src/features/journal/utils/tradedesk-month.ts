import { monthGrid, type MonthKey } from '@th/domain';
import { tradeDeskCalls, type TradeDeskJournalFilter } from './tradedesk-calls';

/** What TradeDesk shows for a month and its filters: the calendar grid and its two calls. */
export function tradeDeskMonth(month: MonthKey, accountId: string, journal?: TradeDeskJournalFilter) {
  return { grid: monthGrid(month)!, ...tradeDeskCalls(month, accountId, journal) };
}
