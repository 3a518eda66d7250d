/**
 * Business constants of trading-tools §9 that screens use on their own. Zod-free, so a screen
 * that needs only a limit (TradeDesk) does not download the validation library with it.
 */

/** Trade log page size, daily log and TradeDesk loads. */
export const TRADE_LOG_PAGE_SIZE = 50;
export const DAILY_LOG_TRADE_LIMIT = 500;
export const TRADEDESK_TRADE_LIMIT = 400;
export const ORDER_HISTORY_MAX_PER_PAGE = 500;

/** Seconds between two syncs of one member's accounts. */
export const SYNC_COOLDOWN_SECONDS = 180;
