/**
 * Trades imported from a CSV file. They belong to no linked account (like manual trades they
 * are grouped by their account label, and the member can delete a wrong one); each carries a
 * stable import key in broker_position_id, so importing the same file again adds nothing.
 */
import { sql } from 'drizzle-orm';
import { tradeTypeName } from '@th/contracts';
import { tradeDateOf } from '@th/domain';
import type { Executor } from '../../db/client.ts';
import { plainText } from '../../lib/html.ts';
import { rowsOf } from '../../db/rows.ts';

export interface ImportedTradeInput {
  /** Stable per row: the file's own trade or position id, else a digest of the row. */
  key: string;
  accountLabel: string;
  accountIdentifier?: string | null;
  instrument: string;
  side: 'buy' | 'sell';
  type?: string | null;
  quantity?: string | null;
  /** ISO instants. */
  entryTime: string;
  exitTime?: string | null;
  entryPrice?: string | null;
  exitPrice?: string | null;
  stopLoss?: string | null;
  takeProfit?: string | null;
  fee?: string | null;
  swap?: string | null;
  grossPnl?: string | null;
  netPnl: string;
  notes?: string | null;
}

const RECORD = `key text, account_label text, account_identifier text, instrument text, side text,
  type text, quantity numeric, entry_time timestamptz, exit_time timestamptz, entry_price numeric,
  exit_price numeric, stop_loss numeric, take_profit numeric, fee numeric, swap numeric,
  gross_pnl numeric, net_pnl numeric, notes text, trade_date date`;

/**
 * The rows as the insert reads them (JSON for jsonb_to_recordset), notes made plain text. For
 * 5,000 rows this is a fifth of a second of work: the import runs it on the heavy-work thread.
 */
export function importRecords(rows: readonly ImportedTradeInput[]): string {
  return JSON.stringify(rows.map((row) => ({
    key: row.key,
    account_label: row.accountLabel,
    account_identifier: row.accountIdentifier ?? null,
    instrument: row.instrument,
    side: row.side,
    type: tradeTypeName(plainText(row.type ?? null)),
    quantity: row.quantity ?? null,
    entry_time: row.entryTime,
    exit_time: row.exitTime ?? row.entryTime,
    entry_price: row.entryPrice ?? null,
    exit_price: row.exitPrice ?? null,
    stop_loss: row.stopLoss ?? null,
    take_profit: row.takeProfit ?? null,
    fee: row.fee ?? null,
    swap: row.swap ?? null,
    gross_pnl: row.grossPnl ?? null,
    net_pnl: row.netPnl,
    notes: plainText(row.notes ?? null),
    trade_date: tradeDateOf({ entry_time: row.entryTime, exit_time: row.exitTime ?? row.entryTime }),
  })));
}

/** An earlier import of row x: same member, no linked account, same account label and key. */
const alreadyImported = (userId: string) => sql`exists (select 1 from trades t
  where t.user_id = ${userId} and t.trading_account_id is null and t.broker_position_id = x.key
    and t.account_label = x.account_label)`;

/** The keys (per account label) a member has imported before, among the given ones. */
export async function importedKeys(
  db: Executor,
  userId: string,
  rows: readonly Pick<ImportedTradeInput, 'key' | 'accountLabel'>[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const pairs = JSON.stringify(rows.map((row) => ({ key: row.key, account_label: row.accountLabel })));
  const result = await db.execute(sql`
    select x.key, x.account_label from jsonb_to_recordset(${pairs}::jsonb) as x(key text, account_label text)
    where ${alreadyImported(userId)}`);
  return new Set(rowsOf<{ key: string; account_label: string }>(result).map((row) => `${row.account_label}\u0000${row.key}`));
}

/**
 * Inserts the rows not imported before, in one statement, under a per-member lock so two
 * imports of the same file at once cannot both insert a row.
 */
export async function insertImportedTrades(
  db: Executor,
  userId: string,
  rows: readonly ImportedTradeInput[],
  now: Date,
  json: string = importRecords(rows),
): Promise<{ inserted: number; duplicates: number }> {
  if (rows.length === 0) return { inserted: 0, duplicates: 0 };
  const inserted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`trade-import:${userId}`}))`);
    const result = await tx.execute(sql`
      insert into trades (user_id, source, broker_position_id, account_label, account_identifier,
        instrument, side, type, quantity, entry_time, exit_time, entry_price, exit_price, stop_loss,
        take_profit, fee, swap, gross_pnl, net_pnl, notes, trade_date, created_at, updated_at)
      select ${userId}::uuid, 'manual', x.key, x.account_label, x.account_identifier, x.instrument,
        x.side, x.type, x.quantity, x.entry_time, x.exit_time, x.entry_price, x.exit_price,
        x.stop_loss, x.take_profit, x.fee, x.swap, x.gross_pnl, x.net_pnl, x.notes, x.trade_date,
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from (select distinct on (r.account_label, r.key) r.*
            from jsonb_to_recordset(${json}::jsonb) as r(${sql.raw(RECORD)})) as x
      where not ${alreadyImported(userId)}
      returning id`);
    return rowsOf<{ id: number }>(result).length;
  });
  return { inserted, duplicates: rows.length - inserted };
}
