import type * as ChartLibraryModule from 'lightweight-charts';

type ChartLibrary = typeof ChartLibraryModule;

let library: Promise<ChartLibrary> | undefined;

/**
 * lightweight-charts, fetched with the first chart asked for, not with the journal: TradeChart
 * starts it when it mounts, and the daily log's loader as soon as the address names a trade, so
 * the library arrives while the chart's call is in flight. A module of its own so the loader's
 * chunk takes neither the canvas nor its styles. One promise for its three callers (the loader,
 * TradeChart, the canvas): under vitest a second `import()` of a mocked module got the real
 * library, slow to load in jsdom. A failed load is asked again next time.
 */
export const loadChartLibrary = () =>
  (library ??= import('lightweight-charts').catch((error: unknown) => {
    library = undefined;
    throw error;
  }));
