import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineJob } from '../../jobs/queue.ts';
import { connectMarketData, marketDataLogin } from './market-data.ts';
import { refreshRecentLevels } from './service.ts';

export const LEVELS_REFRESH_JOB = 'levels.refresh';

/**
 * Every 15 minutes: compute the session highs and lows that became known since the last run
 * (a session's level exists once it has ended), and backfill recent dates that are missing.
 */
export const levelsRefreshJob = defineJob({
  name: LEVELS_REFRESH_JOB,
  payload: z.object({ days: z.number().int().min(1).max(60).optional() }),
  cron: '*/15 * * * *',
  retryLimit: 2,
  handler: async (ctx, payload) => {
    const login = marketDataLogin(ctx.config);
    if (!login) {
      ctx.log.debug('levels: no market-data account configured, skipping');
      return;
    }
    const market = await connectMarketData(login, ctx.config.BROKER_DEVELOPER_KEY);
    const summary = await refreshRecentLevels(ctx, market, payload.days ? { days: payload.days } : {});
    ctx.log.info(summary, 'levels refreshed');
  },
});

/**
 * A refresh right after boot, so dates missed while no instance ran are filled without waiting
 * for the next quarter hour. Several instances booting together enqueue it once.
 */
export async function requestBootRefresh(ctx: AppContext) {
  if (!marketDataLogin(ctx.config)) return;
  await ctx.jobs.send(LEVELS_REFRESH_JOB, {}, { singletonKey: 'boot', singletonSeconds: 600 });
}
