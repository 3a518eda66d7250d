import { barsFor } from '@th/broker-sim';
import type { AppContext } from '../context.ts';
import type { MarketData } from '../modules/levels/market-data.ts';
import { refreshRecentLevels } from '../modules/levels/service.ts';

/**
 * Levels of the last ten trading days from the simulator's deterministic market, read
 * in-process so the page has history on first start; the levels job then reads the same bars
 * over HTTP and finds nothing to change. Days already complete are skipped on a restart.
 */
export async function seedLevels(ctx: AppContext) {
  const simulator: MarketData = {
    minuteBars: async (instrument, fromMs, toMs) => barsFor(instrument, fromMs, toMs - 1),
  };
  await refreshRecentLevels(ctx, simulator, { days: 10 });
}
