/** Erasing a closed account (modules/data-rights): the member's report rollups. Idempotent. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { reportDays, reportMonths } from '../../db/schema/index.ts';

export async function eraseMemberReports(ctx: AppContext, userId: string) {
  await ctx.db.delete(reportDays).where(eq(reportDays.userId, userId));
  await ctx.db.delete(reportMonths).where(eq(reportMonths.userId, userId));
}
