// The module itself, not the package's index: the index reaches luxon and the whole package,
// which would put them in the route loaders' chunk (build/route-chunks.ts).
import { monthGridRange, torontoMonthOf } from '@th/domain/calendar-months';
import type { MonthKey } from '@th/domain/trade-dates';
import { TRADEDESK_TRADE_LIMIT } from '@th/contracts/limits';
import type { DaySummariesParams } from '../api/get-day-summaries';
import type { OrderHistoryParams } from '../api/get-order-history';

/*
 * What TradeDesk's route loader needs to start the month's calls, kept free of luxon (and of
 * the calendar grid built with it) so that the loader's chunk is small and the calls go as
 * soon as the profile is in. tradedesk-month.ts adds the grid for the page.
 */

/** The month TradeDesk opens on: the current one in trade time (Toronto). */
export const currentTradeDeskMonth = (): MonthKey => torontoMonthOf(new Date());

/**
 * The month TradeDesk shows, kept in the address (`?month=2026-10`) so a day opened from it and
 * Back (or a shared link) return to the same month; absent or not a month, the current one.
 */
export function tradeDeskMonthIn(search: URLSearchParams): MonthKey {
  const asked = search.get('month');
  return asked && monthGridRange(asked) ? asked : currentTradeDeskMonth();
}

/** TradeDesk's filters by what the journal says (issue #24): a playbook id and a tag, '' for all. */
export type TradeDeskJournalFilter = { playbook: string; tag: string };
export const NO_JOURNAL_FILTER: TradeDeskJournalFilter = { playbook: '', tag: '' };

/**
 * The parameters of TradeDesk's two calls (§7.2) for a month and account filter: the latest
 * trades with the account choices, and the summaries of every day the grid shows. The route
 * starts both while the page loads; the page reads them, so both ask with exactly these.
 */
export function tradeDeskCalls(month: MonthKey, accountId: string, journal: TradeDeskJournalFilter = NO_JOURNAL_FILTER) {
  const range = monthGridRange(month)!;
  const account_id = accountId || undefined;
  // Absent unless chosen, so the unfiltered calls stay the ones the route loader starts.
  const filter = { ...(journal.playbook && { playbook: journal.playbook }), ...(journal.tag && { tag: journal.tag }) };
  const history: OrderHistoryParams = {
    limit: TRADEDESK_TRADE_LIMIT,
    per_page: TRADEDESK_TRADE_LIMIT,
    page: 1,
    account_id,
    ...filter,
  };
  const summaries: DaySummariesParams = { from: range.from, to: range.to, account_id, ...filter };
  return { history, summaries };
}
