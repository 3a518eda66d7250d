/**
 * The opening range of one of a member's AlphaORB runs, as its engine set it: the window (the
 * bot's ORB minutes) and the high and low of its bars. The trade chart draws it as a box behind
 * an AlphaORB trade.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { alphaorbBotRuns } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';

export type RunOpeningRange = { fromMs: number; toMs: number; high: number; low: number };


/** Null when the run is not the member's, or its range was never set (no bars in the window). */
export async function runOpeningRange(ctx: AppContext, userId: string, runId: string): Promise<RunOpeningRange | null> {
  if (!isUuid(runId)) return null;
  const [run] = await ctx.db
    .select({ engine: alphaorbBotRuns.engine })
    .from(alphaorbBotRuns)
    .where(and(eq(alphaorbBotRuns.id, runId), eq(alphaorbBotRuns.userId, userId)));
  const engine = run?.engine as
    | { window?: { orbStart?: unknown; orbEnd?: unknown }; orbHigh?: unknown; orbLow?: unknown }
    | undefined;
  const { orbStart, orbEnd } = engine?.window ?? {};
  const { orbHigh, orbLow } = engine ?? {};
  if (typeof orbStart !== 'number' || typeof orbEnd !== 'number') return null;
  if (typeof orbHigh !== 'number' || typeof orbLow !== 'number') return null;
  return { fromMs: orbStart, toMs: orbEnd, high: orbHigh, low: orbLow };
}
