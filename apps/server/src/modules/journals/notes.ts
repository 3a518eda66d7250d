import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { journalTradeEntries } from '../../db/schema/index.ts';

/** A member's journal note on one of their trades (sanitized rich text), or null without one. */
export async function tradeNoteOf(db: Executor, userId: string, tradeRowId: number): Promise<string | null> {
  const [row] = await db
    .select({ notes: journalTradeEntries.notes })
    .from(journalTradeEntries)
    .where(and(eq(journalTradeEntries.userId, userId), eq(journalTradeEntries.tradeId, tradeRowId)))
    .limit(1);
  return row?.notes ?? null;
}
