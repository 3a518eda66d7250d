import { and, eq } from 'drizzle-orm';
import { tradeDateOf } from '@th/domain';
import { tradeTypeName, type ManualTradeInput, type Trade } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { trades } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { plainText } from '../../lib/html.ts';
import { parsePublicTradeId, toTrade } from './present.ts';

export const DEFAULT_MANUAL_ACCOUNT_LABEL = 'Manual';

/** POST /api/trades/manual: a trade the member logs by hand (§3.7); exit defaults to entry. */
export async function createManualTrade(ctx: AppContext, userId: string, input: ManualTradeInput): Promise<{ data: Trade }> {
  const entryTime = input.entry_time!;
  const exitTime = input.exit_time ?? entryTime;
  const [row] = await ctx.db
    .insert(trades)
    .values({
      userId,
      source: 'manual',
      instrument: input.instrument.toUpperCase(),
      side: input.side === 'SELL' ? 'sell' : 'buy',
      type: tradeTypeName(plainText(input.type)),
      quantity: input.quantity,
      entryTime: new Date(entryTime),
      exitTime: new Date(exitTime),
      entryPrice: input.entry_price,
      exitPrice: input.exit_price,
      stopLoss: input.stop_loss,
      takeProfit: input.take_profit,
      fee: input.fee,
      swap: input.swap,
      grossPnl: input.gross_pnl,
      netPnl: input.net_pnl,
      notes: plainText(input.notes),
      accountLabel: plainText(input.account_label) ?? DEFAULT_MANUAL_ACCOUNT_LABEL,
      accountIdentifier: plainText(input.account_identifier),
      tradeDate: tradeDateOf({ entry_time: entryTime, exit_time: exitTime }),
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    })
    .returning();
  return { data: toTrade(row!) };
}

/**
 * DELETE /api/trades/manual/{id}: accepts n or manual-n. Another member's trade answers 404
 * like a missing one; a synced trade is refused. Its journal entry goes with it.
 */
export async function deleteManualTrade(ctx: AppContext, userId: string, manualTradeId: string) {
  const raw = manualTradeId.trim();
  const parsed = parsePublicTradeId(/^\d+$/.test(raw) ? `manual-${raw}` : raw);
  if (!parsed) throw AppError.invalid('id', 'Unable to determine manual trade identifier.');
  const [row] = await ctx.db
    .select({ id: trades.id, source: trades.source })
    .from(trades)
    .where(and(eq(trades.id, parsed.id), eq(trades.userId, userId)));
  if (!row) throw new AppError('not_found', 'Trade not found.');
  if (row.source !== 'manual' || !parsed.manual) {
    throw AppError.invalid('id', 'Only manual trades can be deleted.');
  }
  await ctx.db.delete(trades).where(and(eq(trades.id, row.id), eq(trades.userId, userId)));
  return { message: 'Manual trade deleted.' };
}

/** A member's journal trade by its public id (manual-n or n), or null. For the journal. */
export async function findMemberTrade(ctx: AppContext, userId: string, publicId: string) {
  const parsed = parsePublicTradeId(publicId);
  if (!parsed) return null;
  const [row] = await ctx.db
    .select()
    .from(trades)
    .where(and(eq(trades.id, parsed.id), eq(trades.userId, userId)));
  if (!row || row.source === 'bot' || (row.source === 'manual') !== parsed.manual) return null;
  return row;
}
