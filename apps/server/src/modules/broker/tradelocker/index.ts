/** The TradeLocker integration's public surface; nothing here depends on the rest of the server. */
export { BrokerError, isBrokerError, type BrokerErrorKind } from './broker-error.ts';
export {
  createTradeLockerClient,
  type TradeLockerClient,
  type TradeLockerClientOptions,
} from './client.ts';
export {
  createTokenHolder,
  REFRESH_MARGIN_MS,
  type TokenHolder,
  type TokenHolderOptions,
} from './token-holder.ts';
export {
  reconstructTrades,
  type ReconstructedTrade,
  type ReconstructOptions,
} from './reconstruct-trades.ts';
export { DEFAULT_RETRY, type RetryPolicy } from './transport.ts';
export type * from './types.ts';
