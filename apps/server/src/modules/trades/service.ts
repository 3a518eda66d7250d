/**
 * The trades module's surface for the rest of the server. Other modules write trades only
 * through these functions (the broker sync and the AlphaORB runner) and read the journal's
 * trades through findMemberTrade.
 */
export { upsertSyncedTrades, recordBotTrade, listBotTrades } from './write.ts';
export type {
  SyncedTradeInput,
  UpsertSyncedTradesInput,
  UpsertSyncedTradesResult,
  BotTradeInput,
  BotTrade,
} from './types.ts';
export { createManualTrade, deleteManualTrade, findMemberTrade } from './manual.ts';
export { orderHistory, uncachedOrderHistory, daySummaries } from './order-history.ts';
export { toTrade, publicTradeId, parsePublicTradeId } from './present.ts';
