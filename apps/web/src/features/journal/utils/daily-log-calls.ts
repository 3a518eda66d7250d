import { DAILY_LOG_TRADE_LIMIT } from '@th/contracts/limits';
import { torontoDayBounds } from '@th/domain/calendar-months';
import type { OrderHistoryParams } from '../api/get-order-history';

/*
 * What the daily log's route loader needs to start the day's trades call, kept free of luxon
 * (75 KB, in the shared `platform` chunk) so that the loader's chunk is small and the call goes as
 * soon as the profile is in. The page asks with the same parameters, so it finds the call.
 */

/** The daily log's trades call (§5.4): the day's trades, newest first. */
export function dailyLogTradesParams(date: string): OrderHistoryParams | null {
  const bounds = torontoDayBounds(date);
  return bounds && { from: bounds.from, to: bounds.to, limit: DAILY_LOG_TRADE_LIMIT, per_page: DAILY_LOG_TRADE_LIMIT, page: 1 };
}
