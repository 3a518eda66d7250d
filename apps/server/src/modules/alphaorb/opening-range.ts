/**
 * The opening range of one of a member's AlphaORB runs, as its engine set it: the window (the
 * bot's ORB minutes) and the high and low of its bars. The trade chart draws it as a box behind
 * an AlphaORB trade.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { alphaorbBotRuns } from '../../db/schema/index.ts';

export type RunOpeningRange = { fromMs: number; toMs: number; high: number; low: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Null when the run is not the member's, or its range was never set (no bars in the window). */
export async function runOpeningRange(ctx: AppContext, userId: string, runId: string): Promise<RunOpeningRange | null> {
  if (!UUID.test(runId)) return null;
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
