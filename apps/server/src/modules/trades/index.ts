/**
 * The trades module's public file: other modules import the trades module only from here
 * (lint enforces it). They write trades only through these functions (the broker sync, the
 * AlphaORB runner, the reports' file import) and read the journal's trades through
 * findMemberTrade.
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
export { journaledAnswers } from './revisions.ts';
export { toTrade, publicTradeId, parsePublicTradeId } from './present.ts';
export { accountFilterOf, accountFilterSql, LABEL_ACCOUNT_PREFIX, looseIndexScan } from './account-filter.ts';
export { importedKeys, insertImportedTrades, type ImportedTradeInput } from './import.ts';
export { eraseMemberTrades } from './erase.ts';
