import type { FastifyInstance } from 'fastify';
import { levelsEndpoints } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { routesOf } from '../../lib/routes.ts';
import { requestBootRefresh } from './jobs.ts';
import { listInstrumentLevels } from './service.ts';
import { authOf } from '../../plugins/auth.ts';

/** Levels Grabber: session highs and lows per instrument and trading date (members only). */
export async function levelsRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);

  route(levelsEndpoints.getInstrumentLevels, { access: 'member' }, (request) =>
    listInstrumentLevels(ctx, authOf(request), request.query),
  );

  app.addHook('onReady', async () => {
    try {
      await requestBootRefresh(ctx);
    } catch (error) {
      // The 15-minute schedule catches up anyway; a failed enqueue must not stop the boot.
      ctx.log.warn({ err: error }, 'levels: could not request the boot refresh');
    }
  });
}
