import { z } from 'zod';
import { entryEndpoints } from './client-endpoints.ts';
import { withSchemas, type EndpointSchemas } from './endpoint.ts';

/**
 * The trade chart of the trade detail (issue #24): the market around one of the member's
 * journal trades, its entry and exit, stop and target, the sessions it crossed, the opening
 * range of an AlphaORB trade, and how far price went against and for it (MAE and MFE).
 * Times are epoch milliseconds (bars) or ISO instants; prices and figures plain numbers.
 */

export const TRADE_CHART_MESSAGES = {
  timeframe: 'Choose a timeframe of 1, 5 or 15 minutes.',
  notFound: 'Trade not found.',
  noTimes: 'This trade has no entry and exit time to chart.',
  tooLong: 'This trade lasted too long to chart minute by minute.',
  unknownInstrument: 'There is no market data for this instrument.',
  noMarketData: 'No market-data account is configured, so there are no bars to chart.',
  noBars: 'The market data has no bars for the time of this trade.',
  brokerDown: 'The market data could not be loaded. Please try again later.',
} as const;

export const TradeChartTimeframe = z.enum(['1', '5', '15'], { error: TRADE_CHART_MESSAGES.timeframe });
export type TradeChartTimeframe = z.infer<typeof TradeChartTimeframe>;

export const TradeChartQuery = z.object({ timeframe: TradeChartTimeframe.optional().default('1') });

export const TradeChartBar = z.object({ t: z.number(), o: z.number(), h: z.number(), l: z.number(), c: z.number() });

export const TradeChartMarker = z.object({
  kind: z.enum(['entry', 'exit', 'stop', 'target']),
  /** When it happened; stop and target are levels, without a time. */
  time: z.string().nullable(),
  price: z.number(),
});
export type TradeChartMarker = z.infer<typeof TradeChartMarker>;

export const TradeChartSession = z.object({ label: z.string(), from: z.string(), to: z.string() });

export const TradeChartOpeningRange = z.object({ from: z.string(), to: z.string(), high: z.number(), low: z.number() });

export const TradeExcursionFigures = z.object({
  mae_points: z.number(),
  mfe_points: z.number(),
  /** Money for the trade's size; null when its size is unknown. */
  mae_money: z.number().nullable(),
  mfe_money: z.number().nullable(),
  /** In R; null when the trade has no risk (no stop). */
  mae_r: z.number().nullable(),
  mfe_r: z.number().nullable(),
  left_on_table_money: z.number().nullable(),
  left_on_table_r: z.number().nullable(),
  worst_price: z.number(),
  best_price: z.number(),
});
export type TradeExcursionFigures = z.infer<typeof TradeExcursionFigures>;

export const TradeChart = z.object({
  trade_id: z.string(),
  instrument: z.string(),
  side: z.string(),
  timeframe: TradeChartTimeframe,
  /** The zone the member reads times in (their profile's, else Toronto time). */
  time_zone: z.string(),
  /** The window shown, ISO instants. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** 'unavailable': no bars could be had (the reason says why); never invented bars. */
  bars_status: z.enum(['available', 'unavailable']),
  unavailable_reason: z.string().nullable(),
  /** Sorted by time; a missing minute is a gap, not a bar. */
  bars: z.array(TradeChartBar),
  markers: z.array(TradeChartMarker),
  sessions: z.array(TradeChartSession),
  opening_range: TradeChartOpeningRange.nullable(),
  /** Null when bars are unavailable or none covers the trade. */
  excursions: TradeExcursionFigures.nullable(),
  /** Milliseconds from entry to exit. */
  time_in_trade_ms: z.number().nullable(),
});
export type TradeChart = z.infer<typeof TradeChart>;

/** Declared zod-free for the daily log's loader, which starts it for a trade named in the address. */
export const getTradeChartSchemas = {
  tags: ['trades'],
  params: z.object({ tradeId: z.string().max(64) }),
  query: TradeChartQuery,
  response: { 200: z.object({ data: TradeChart }) },
} satisfies EndpointSchemas;

export const tradeChartEndpoints = {
  getTradeChart: withSchemas(entryEndpoints.getTradeChart, getTradeChartSchemas),
};
