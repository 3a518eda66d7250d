/**
 * What other modules hand to the trades module's write functions (write.ts). Amounts are
 * numbers or decimal strings (kept exact as numeric); times are Dates, ISO text or epoch ms.
 */
export type AmountInput = string | number | null | undefined;
export type InstantInput = Date | string | number | null | undefined;

/** What every finished position carries, whichever way it was recorded. */
interface FinishedPosition {
  instrument: string;
  side: 'buy' | 'sell' | 'BUY' | 'SELL';
  /** Order type of the entry in the writer's spelling (market, STOP_LIMIT…); stored by its name (tradeTypeName). */
  type?: string | null;
  quantity: AmountInput;
  entryTime: InstantInput;
  exitTime: InstantInput;
  entryPrice?: AmountInput;
  exitPrice?: AmountInput;
}

/** One closed position from a linked account, as the broker sync rebuilt it. */
export interface SyncedTradeInput extends FinishedPosition {
  /** The broker's position id: with the member and the account, the idempotency key. */
  brokerPositionId: string;
  entryOrderId?: string | null;
  exitOrderId?: string | null;
  stopLoss?: AmountInput;
  takeProfit?: AmountInput;
  fee?: AmountInput;
  swap?: AmountInput;
  grossPnl?: AmountInput;
  netPnl: AmountInput;
}

export interface UpsertSyncedTradesInput {
  userId: string;
  /** trading_accounts.id of the linked account (its trades go when it is removed). */
  tradingAccountId: string;
  /** Shown in the trade log's Account column, e.g. the account's label or name. */
  accountLabel: string;
  /** The broker's account number. */
  accountIdentifier: string | null;
  trades: readonly SyncedTradeInput[];
}

export interface UpsertSyncedTradesResult {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** One finished leg of an AlphaORB run (live or paper), recorded once per run and leg. */
export interface BotTradeInput extends FinishedPosition {
  userId: string;
  tradingAccountId?: string | null;
  botId: string;
  botRunId: string;
  /** 1 for the first attempt of the run, 2 for the second… */
  leg: number;
  botLabel: string;
  stopPrice?: AmountInput;
  takeProfit?: AmountInput;
  fee?: AmountInput;
  swap?: AmountInput;
  grossPnl?: AmountInput;
  /** Net P&L of the leg; decides win/loss/flat (§4.3). */
  pnl: AmountInput;
  /** Taken as given; else derived as pnl ÷ risk (§4.3). */
  rr?: AmountInput;
  riskAmount?: AmountInput;
  contractSize?: AmountInput;
  valuePerPoint?: AmountInput;
  /** ORB start as HH:MM and the range length. */
  orbStart: string;
  orbRangeMinutes: number;
  orderStatus?: string | null;
  brokerPositionId?: string | null;
  entryOrderId?: string | null;
  exitOrderId?: string | null;
  accountLabel?: string | null;
  accountIdentifier?: string | null;
}

/** A recorded bot trade as the AlphaORB screens read it (§3.5, bot trades). */
export interface BotTrade {
  id: string;
  bot_id: string;
  run_id: string;
  leg: number;
  bot_label: string | null;
  instrument: string;
  side: string;
  type: string | null;
  quantity: string | null;
  entry_time: string | null;
  exit_time: string | null;
  entry_price: string | null;
  exit_price: string | null;
  stop_price: string | null;
  take_profit: string | null;
  fee: string | null;
  swap: string | null;
  gross_pnl: string | null;
  pnl: string | null;
  net_pnl: string | null;
  win_loss: 'win' | 'loss' | 'flat';
  rr: string | null;
  risk_amount: string | null;
  contract_size: string | null;
  value_per_point: string | null;
  orb_start: string | null;
  orb_range_minutes: number | null;
  order_status: string | null;
  trade_date: string | null;
  account_id: string | null;
}
