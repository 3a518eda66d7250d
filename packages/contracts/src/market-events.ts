import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** Market events (trading-tools §2.11, §7.3): `all` impact levels, or only `high`. */
export const MarketEventsQuery = z.object({
  scope: z.enum(['all', 'high'], { error: 'The scope must be all or high.' }).default('high'),
});
export type MarketEventsQuery = z.infer<typeof MarketEventsQuery>;

export const MarketEventImpact = z.enum(['High', 'Medium', 'Low', 'Holiday']);
export type MarketEventImpact = z.infer<typeof MarketEventImpact>;

/** One economic-calendar event of the current week. */
export const MarketEvent = z.object({
  id: z.string(),
  title: z.string(),
  /** ISO currency code the event moves (the feed calls it country). */
  currency: z.string(),
  /** Country or region name of that currency. */
  country: z.string(),
  /** Date and time in `timezone`; `datetime` is UTC ISO, `timestamp` Unix seconds. */
  date: z.string(),
  time: z.string(),
  datetime: z.string(),
  timestamp: z.number().int(),
  timezone: z.string(),
  impact: MarketEventImpact,
  forecast: z.string().nullable(),
  actual: z.string().nullable(),
  previous: z.string().nullable(),
  notes: z.string().nullable(),
});
export type MarketEvent = z.infer<typeof MarketEvent>;

export const MarketEventsResponse = z.object({ data: z.array(MarketEvent) });
export type MarketEventsResponse = z.infer<typeof MarketEventsResponse>;

/** The economic calendar. */
export const marketEventEndpoints = {
  getMarketEvents: endpoint({
    method: 'GET',
    path: '/api/market-events',
    tags: ['market-events'],
    query: MarketEventsQuery,
    response: { 200: MarketEventsResponse },
  }),
};
