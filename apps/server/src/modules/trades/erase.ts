/**
 * Erasing a closed account (modules/data-rights): the member's trades go in batches, so each
 * statement stays short on the embedded database (the rollup triggers run per statement), then
 * their trade revision. Idempotent.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { tradeRevisions, trades } from '../../db/schema/index.ts';

const BATCH = 2000;

export async function eraseMemberTrades(ctx: AppContext, userId: string): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = await ctx.db
      .delete(trades)
      .where(sql`${trades.id} in (select ${trades.id} from ${trades} where ${trades.userId} = ${userId} limit ${BATCH})`)
      .returning({ id: trades.id });
    total += gone.length;
    if (gone.length < BATCH) break;
  }
  await ctx.db.delete(tradeRevisions).where(eq(tradeRevisions.userId, userId));
  return total;
}
