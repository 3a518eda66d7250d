/**
 * The backtests module's public file: other modules import it only from here (lint enforces
 * it). The one-minute bar cache is shared: the trade chart reads a trade's window from it and
 * fills the window from the market-data login when the cache lacks it.
 */
export { fillBarCache, cachedBarsText, parseBars, type CacheReport } from './bar-cache.ts';
export { connectBarSource, HISTORY_CHUNK_MINUTES, type BarSource, type SourceBar } from './bar-source.ts';
