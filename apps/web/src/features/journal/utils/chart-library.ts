/**
 * lightweight-charts, fetched with the first chart asked for, not with the journal: TradeChart
 * starts it when it mounts, and the daily log's loader as soon as the address names a trade, so
 * the library arrives while the chart's call is in flight. A module of its own so the loader's
 * chunk takes neither the canvas nor its styles.
 */
export const loadChartLibrary = () => import('lightweight-charts');
