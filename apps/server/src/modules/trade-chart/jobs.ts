import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { BACKFILL_JOB, backfillExcursions } from './service.ts';

/**
 * Measures the MAE and MFE of journal trades not measured yet, a batch at a time: each batch
 * enqueues the next with its cursor (the last trade id), so a crash or a deploy resumes where it
 * stopped, and a retry of a batch measures nothing twice (measured trades are skipped). Nightly,
 * it starts over from the first trade and finds only the new ones. After each batch it rests
 * REST_PER_BATCH_TIME times as long as the batch took before enqueuing the next: the backfill then
 * takes at most a quarter of a core (its own and its database backend's) from members' requests
 * (resting only as long as the batch, half a core, slowed the trade log's p99 by a third on two
 * cores), and a batch is quick enough that 100,000 trades take under 5 minutes, rests included. A kill
 * during the rest loses nothing: the batch is kept, and its retry finds those trades measured.
 */
const REST_PER_BATCH_TIME = 3;

export const tradeExcursionsBackfillJob = defineJob({
  name: BACKFILL_JOB,
  payload: z.object({ afterId: z.number().int().min(0).optional() }),
  cron: '20 3 * * *',
  retryLimit: 2,
  retryDelay: 300,
  retryBackoff: true,
  handler: async (ctx, payload) => {
    const afterId = payload.afterId ?? 0;
    const started = performance.now();
    const report = await backfillExcursions(ctx, afterId);
    ctx.log.info({ afterId, ...report }, 'trade excursions backfilled');
    if (report.nextAfterId !== null) {
      await sleep(REST_PER_BATCH_TIME * (performance.now() - started));
      await ctx.jobs.send(BACKFILL_JOB, { afterId: report.nextAfterId }, { singletonKey: `after-${report.nextAfterId}` });
    }
  },
});
