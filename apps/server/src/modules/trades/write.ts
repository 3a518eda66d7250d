/**
 * The trades module's write API for other modules: the broker sync upserts synced trades and
 * the AlphaORB runner records finished bot trades. Only this module writes the trades table.
 */
import { and, desc, eq, sql, inArray } from 'drizzle-orm';
import { tradeTypeName } from '@th/contracts';
import { botTradeOutcome, rMultipleOf, tradeDateOf } from '@th/domain';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { trades } from '../../db/schema/index.ts';
import type {
  AmountInput,
  BotTrade,
  BotTradeInput,
  InstantInput,
  UpsertSyncedTradesInput,
  UpsertSyncedTradesResult,
} from './types.ts';

export type * from './types.ts';

/** A decimal as text for a numeric column; null when missing or not a finite number. */
export function amountText(value: AmountInput): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  return text !== '' && Number.isFinite(Number(text)) ? text : null;
}

export function instantIso(value: InstantInput): string | null {
  if (value === null || value === undefined || value === '') return null;
  const at = value instanceof Date ? value : new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** An R multiple to four decimals, enough for "1.25R" and free of float noise. */
function ratioText(value: number | null): string | null {
  return value === null || !Number.isFinite(value) ? null : value.toFixed(4);
}

// Columns a sync may change; a re-sync that changes none of them leaves the row untouched.
const SYNCED_COLUMNS = [
  'entry_order_id',
  'exit_order_id',
  'instrument',
  'side',
  'type',
  'quantity',
  'entry_time',
  'exit_time',
  'entry_price',
  'exit_price',
  'stop_loss',
  'take_profit',
  'fee',
  'swap',
  'gross_pnl',
  'net_pnl',
  'account_label',
  'account_identifier',
  'trade_date',
] as const;

const RECORD_TYPES = `broker_position_id text, entry_order_id text, exit_order_id text, instrument text,
  side text, type text, quantity numeric, entry_time timestamptz, exit_time timestamptz,
  entry_price numeric, exit_price numeric, stop_loss numeric, take_profit numeric, fee numeric,
  swap numeric, gross_pnl numeric, net_pnl numeric, trade_date date`;

/**
 * Inserts new closed positions of a linked account and updates changed ones, in one
 * set-based statement, idempotent on (member, account, broker position id). Positions without
 * an id or an instrument are skipped; a position listed twice counts once (the last wins).
 */
export async function upsertSyncedTrades(
  db: Executor,
  input: UpsertSyncedTradesInput,
): Promise<UpsertSyncedTradesResult> {
  const byPosition = new Map<string, Record<string, string | null>>();
  for (const trade of input.trades) {
    const positionId = trade.brokerPositionId?.trim();
    const instrument = trade.instrument?.trim();
    if (!positionId || !instrument) continue;
    const entryTime = instantIso(trade.entryTime);
    const exitTime = instantIso(trade.exitTime);
    byPosition.set(positionId, {
      broker_position_id: positionId,
      entry_order_id: trade.entryOrderId ?? null,
      exit_order_id: trade.exitOrderId ?? null,
      instrument,
      side: trade.side.toLowerCase() === 'sell' ? 'sell' : 'buy',
      type: tradeTypeName(trade.type),
      quantity: amountText(trade.quantity),
      entry_time: entryTime,
      exit_time: exitTime,
      entry_price: amountText(trade.entryPrice),
      exit_price: amountText(trade.exitPrice),
      stop_loss: amountText(trade.stopLoss),
      take_profit: amountText(trade.takeProfit),
      fee: amountText(trade.fee),
      swap: amountText(trade.swap),
      gross_pnl: amountText(trade.grossPnl),
      net_pnl: amountText(trade.netPnl),
      trade_date: tradeDateOf({ entry_time: entryTime, exit_time: exitTime }),
    });
  }
  const records = [...byPosition.values()];
  if (records.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };

  const columns = SYNCED_COLUMNS.join(', ');
  const result = await db.execute(sql`
    insert into trades (user_id, trading_account_id, source, broker_position_id, ${sql.raw(columns)})
    select ${input.userId}::uuid, ${input.tradingAccountId}::uuid, 'linked', x.broker_position_id,
      x.entry_order_id, x.exit_order_id, x.instrument, x.side, x.type, x.quantity, x.entry_time,
      x.exit_time, x.entry_price, x.exit_price, x.stop_loss, x.take_profit, x.fee, x.swap,
      x.gross_pnl, x.net_pnl, ${input.accountLabel}, ${input.accountIdentifier}, x.trade_date
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(${sql.raw(RECORD_TYPES)})
    on conflict on constraint trades_broker_position_key do update set
      ${sql.raw(SYNCED_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', '))}, updated_at = now()
    where (${sql.raw(SYNCED_COLUMNS.map((c) => `trades.${c}`).join(', '))})
      is distinct from (${sql.raw(SYNCED_COLUMNS.map((c) => `excluded.${c}`).join(', '))})
    returning (xmax = 0) as inserted`);
  const written = rowsOf<{ inserted: boolean }>(result);
  const inserted = written.filter((row) => row.inserted).length;
  const updated = written.length - inserted;
  return { inserted, updated, unchanged: records.length - written.length };
}

/**
 * Records one finished leg of a bot run; recording the same run and leg again updates it.
 * Bot trades feed the AlphaORB screens; the journal shows the linked account's own import.
 */
export async function recordBotTrade(db: Executor, input: BotTradeInput): Promise<{ id: number; inserted: boolean }> {
  const entryTime = instantIso(input.entryTime);
  const exitTime = instantIso(input.exitTime);
  const pnl = amountText(input.pnl);
  const rr =
    amountText(input.rr) ??
    ratioText(
      rMultipleOf({
        instrument: input.instrument,
        pnl,
        entry_price: amountText(input.entryPrice),
        stop_price: amountText(input.stopPrice),
        quantity: amountText(input.quantity),
        risk_amount: amountText(input.riskAmount),
        value_per_point: amountText(input.valuePerPoint),
        contract_size: amountText(input.contractSize),
      }),
    );
  const values = {
    userId: input.userId,
    tradingAccountId: input.tradingAccountId ?? null,
    source: input.orderStatus === 'paper' ? ('paper' as const) : ('bot' as const),
    brokerPositionId: input.brokerPositionId ?? null,
    entryOrderId: input.entryOrderId ?? null,
    exitOrderId: input.exitOrderId ?? null,
    instrument: input.instrument.trim(),
    side: input.side.toLowerCase() === 'sell' ? ('sell' as const) : ('buy' as const),
    type: tradeTypeName(input.type),
    quantity: amountText(input.quantity),
    entryTime: entryTime ? new Date(entryTime) : null,
    exitTime: exitTime ? new Date(exitTime) : null,
    entryPrice: amountText(input.entryPrice),
    exitPrice: amountText(input.exitPrice),
    stopPrice: amountText(input.stopPrice),
    takeProfit: amountText(input.takeProfit),
    fee: amountText(input.fee),
    swap: amountText(input.swap),
    grossPnl: amountText(input.grossPnl),
    netPnl: pnl,
    accountLabel: input.accountLabel ?? input.botLabel,
    accountIdentifier: input.accountIdentifier ?? null,
    tradeDate: tradeDateOf({ entry_time: entryTime, exit_time: exitTime }),
    botId: input.botId,
    botRunId: input.botRunId,
    botLeg: input.leg,
    botLabel: input.botLabel,
    orbStart: input.orbStart,
    orbRangeMinutes: input.orbRangeMinutes,
    winLoss: botTradeOutcome(pnl),
    rr,
    riskAmount: amountText(input.riskAmount),
    contractSize: amountText(input.contractSize),
    valuePerPoint: amountText(input.valuePerPoint),
    orderStatus: input.orderStatus ?? null,
  };
  const { userId: _user, botRunId: _run, botLeg: _leg, source: _source, ...changes } = values;
  const [row] = await db
    .insert(trades)
    .values(values)
    .onConflictDoUpdate({
      target: [trades.userId, trades.botRunId, trades.botLeg],
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning({ id: trades.id, inserted: sql<boolean>`(xmax = 0)` });
  return { id: row!.id, inserted: row!.inserted };
}

/** A member's recorded trades of one bot, newest first. */
export async function listBotTrades(
  db: Executor,
  options: { userId: string; botId: string; limit?: number },
): Promise<BotTrade[]> {
  const rows = await db
    .select()
    .from(trades)
    .where(and(eq(trades.userId, options.userId), inArray(trades.source, ['bot', 'paper']), eq(trades.botId, options.botId)))
    .orderBy(desc(trades.exitTime), desc(trades.id))
    .limit(Math.min(Math.max(options.limit ?? 500, 1), 5000));
  return rows.map((row) => ({
    id: String(row.id),
    bot_id: row.botId ?? options.botId,
    run_id: row.botRunId ?? '',
    leg: row.botLeg ?? 1,
    bot_label: row.botLabel,
    instrument: row.instrument,
    side: row.side,
    type: row.type,
    quantity: row.quantity,
    entry_time: row.entryTime?.toISOString() ?? null,
    exit_time: row.exitTime?.toISOString() ?? null,
    entry_price: row.entryPrice,
    exit_price: row.exitPrice,
    stop_price: row.stopPrice,
    take_profit: row.takeProfit,
    fee: row.fee,
    swap: row.swap,
    gross_pnl: row.grossPnl,
    pnl: row.netPnl,
    net_pnl: row.netPnl,
    win_loss: row.winLoss ?? botTradeOutcome(row.netPnl),
    rr: row.rr,
    risk_amount: row.riskAmount,
    contract_size: row.contractSize,
    value_per_point: row.valuePerPoint,
    orb_start: row.orbStart,
    orb_range_minutes: row.orbRangeMinutes,
    order_status: row.orderStatus,
    trade_date: row.tradeDate,
    account_id: row.tradingAccountId,
  }));
}
