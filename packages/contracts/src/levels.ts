import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { TradingDate } from './common.ts';

/** Levels Grabber (trading-tools §2.10, §7.3): one date, or the latest `limit` dates. */
export const InstrumentLevelsQuery = z.object({
  date: TradingDate.optional(),
  /** How many of the latest trading dates to answer when no date is given (default 6). */
  limit: z.coerce
    .number()
    .int()
    .min(1, 'The limit must be at least 1.')
    .max(30, 'The limit may not exceed 30.')
    .optional(),
});
export type InstrumentLevelsQuery = z.infer<typeof InstrumentLevelsQuery>;

/** One session's high and low for an instrument on a Toronto trading date. */
export const InstrumentLevel = z.object({
  id: z.string(),
  instrument: z.string(),
  session: z.string(),
  /** The Toronto trading date (YYYY-MM-DD) the session belongs to. */
  trade_date: z.string(),
  /** When the session actually ran: the Asian Range runs on the previous evening. */
  actual_date_label: z.string(),
  high: z.number(),
  low: z.number(),
  high_at: z.string(),
  low_at: z.string(),
});
export type InstrumentLevel = z.infer<typeof InstrumentLevel>;

export const InstrumentLevelsResponse = z.object({ data: z.array(InstrumentLevel) });
export type InstrumentLevelsResponse = z.infer<typeof InstrumentLevelsResponse>;

/** The earliest date the Levels date filter accepts (trading-tools §5.5). */
export const LEVELS_MIN_DATE = '2025-09-26';
/** Trading dates answered when no date is given (trading-tools §9). */
export const LEVELS_DEFAULT_LIMIT = 6;

/** Levels Grabber. */
export const levelsEndpoints = {
  getInstrumentLevels: endpoint({
    method: 'GET',
    path: '/api/instrument-levels',
    tags: ['levels'],
    query: InstrumentLevelsQuery,
    response: { 200: InstrumentLevelsResponse },
  }),
};
