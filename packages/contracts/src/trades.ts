import { z } from 'zod';
import { entryEndpoints } from './client-endpoints.ts';
import { dataOf, MessageBody, inTradingYears, TRADING_YEARS, TRADING_YEARS_MESSAGE, TradingDate } from './common.ts';
import { endpoint, withSchemas, type EndpointSchemas } from './endpoint.ts';
import { ORDER_HISTORY_MAX_PER_PAGE } from './limits.ts';

export {
  TRADE_LOG_PAGE_SIZE,
  DAILY_LOG_TRADE_LIMIT,
  TRADEDESK_TRADE_LIMIT,
  ORDER_HISTORY_MAX_PER_PAGE,
} from './limits.ts';

/** Order types the manual trade drawer offers (§5.3); imported unknown types are added. */
export const MANUAL_TRADE_TYPES = [
  'Market',
  'Limit',
  'Stop',
  'Stop Limit',
  'Stop Market',
  'Trailing Stop',
  'Take Profit',
] as const;

/** Spaces, underscores and hyphens: brokers and files write "STOP_LIMIT", "stop-limit", "StopLimit". */
const TYPE_SEPARATORS = /[\s_-]+/g;
const KNOWN_TYPES = new Map<string, string>(
  MANUAL_TRADE_TYPES.map((type) => [type.toLowerCase().replace(TYPE_SEPARATORS, ''), type]),
);

/**
 * A trade's type as it is stored and shown: any spelling of a type §5.3 offers is that type's
 * own name (the broker's "market" is "Market"), so synced, imported, bot and manual trades read
 * alike in the journal; an unknown imported type keeps its own words. Blank is none. The data
 * migration 0033_trade_type_names spells earlier rows the same way.
 */
export function tradeTypeName(value: string | null | undefined): string | null {
  const text = value?.trim().replace(/\s+/g, ' ');
  if (!text) return null;
  return KNOWN_TYPES.get(text.toLowerCase().replace(TYPE_SEPARATORS, '')) ?? text;
}

export const TradeSource = z.enum(['manual', 'linked', 'bot']);
export type TradeSource = z.infer<typeof TradeSource>;

/** Stored numbers travel as strings: money and prices never pass through float arithmetic (README.md). */
const Numeric = z.string().nullable();

/** An order-history item (§3.5) with the derived trade date and session label. */
export const Trade = z.object({
  id: z.string(),
  exit_order_id: z.string().nullable(),
  entry_order_id: z.string().nullable(),
  position_id: z.string().nullable(),
  instrument: z.string(),
  bot_label: z.string().nullable(),
  side: z.string(),
  type: z.string().nullable(),
  quantity: Numeric,
  entry_time: z.string().nullable(),
  exit_time: z.string().nullable(),
  entry_price: Numeric,
  exit_price: Numeric,
  stop_loss: Numeric,
  take_profit: Numeric,
  fee: Numeric,
  swap: Numeric,
  gross_pnl: Numeric,
  net_pnl: Numeric,
  notes: z.string().nullable(),
  source: TradeSource,
  manual: z.boolean(),
  manual_trade_id: z.number().int().nullable(),
  account: z.object({ label: z.string().nullable(), identifier: z.string().nullable() }),
  account_id: z.string().nullable(),
  account_label: z.string().nullable(),
  account_identifier: z.string().nullable(),
  /** Toronto calendar date of the exit, else the entry (YYYY-MM-DD). */
  trade_date: z.string().nullable(),
  /** Trading session of the entry (§4.4), else of the exit. */
  session: z.string().nullable(),
});
export type Trade = z.infer<typeof Trade>;

export const TradeAccountOption = z.object({ id: z.string(), label: z.string() });
export type TradeAccountOption = z.infer<typeof TradeAccountOption>;

export const OrderHistoryMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
  total: z.number().int(),
  count: z.number().int(),
  accounts: z.array(TradeAccountOption),
  instruments: z.array(z.string()),
  types: z.array(z.string()),
  sides: z.array(z.string()),
});
export type OrderHistoryMeta = z.infer<typeof OrderHistoryMeta>;

export const OrderHistoryResponse = z.object({ data: z.array(Trade), meta: OrderHistoryMeta });
export type OrderHistoryResponse = z.infer<typeof OrderHistoryResponse>;

const IsoInstant = z.iso
  .datetime({ offset: true, error: 'Use an ISO date and time, e.g. 2026-01-05T14:30:00Z.' })
  .refine(inTradingYears, TRADING_YEARS_MESSAGE);
const positiveInt = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be at least 1.`)
    .max(max, `${label} can be at most ${max}.`);
const Filter = (label: string) => z.string().trim().max(64, `${label} is limited to 64 characters.`).optional();

/**
 * The three query shapes of §7.2: the trade log (page, per_page and filters), the daily log
 * (from/to instants, limit) and TradeDesk (limit only).
 */
export const OrderHistoryQuery = z.object({
  page: positiveInt('Page', 100_000).optional(),
  per_page: positiveInt('Per page', ORDER_HISTORY_MAX_PER_PAGE).optional(),
  limit: positiveInt('Limit', ORDER_HISTORY_MAX_PER_PAGE).optional(),
  account_id: Filter('Account'),
  instrument: Filter('Instrument'),
  type: Filter('Type'),
  side: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['', 'buy', 'sell'], { error: 'Side must be buy or sell.' }))
    .optional(),
  entry_from: TradingDate.optional(),
  entry_to: TradingDate.optional(),
  /** Trades whose journal entry carries this tag (any case). */
  tag: Filter('Tag'),
  /** Trades journaled under this playbook (its id). */
  playbook: Filter('Playbook'),
  from: IsoInstant.optional(),
  to: IsoInstant.optional(),
});
export type OrderHistoryQuery = z.infer<typeof OrderHistoryQuery>;

/** One calendar day's totals (§3.9) for TradeDesk, computed over every trade of the day. */
export const DaySummary = z.object({ date: z.string(), net: z.number(), trades: z.number().int() });
export type DaySummary = z.infer<typeof DaySummary>;

export const DaySummariesQuery = z.object({
  from: TradingDate,
  to: TradingDate,
  account_id: Filter('Account'),
  /** TradeDesk's journal filters, as the trade log's. */
  tag: Filter('Tag'),
  playbook: Filter('Playbook'),
});
export const DaySummariesResponse = z.object({ data: z.array(DaySummary) });
export type DaySummariesResponse = z.infer<typeof DaySummariesResponse>;

/** A money or price field: a number, a numeric string, or blank (sent as null, §5.3). */
const amount = (label: string, options: { required?: boolean; min0?: boolean } = {}) =>
  z
    .union([z.number(), z.string(), z.null()], { error: `${label} must be a number.` })
    .optional()
    .transform((value, ctx): string | null => {
      const text = value === null || value === undefined ? '' : String(value).trim();
      if (text === '') {
        if (options.required) ctx.addIssue({ code: 'custom', message: `${label} is required.` });
        return null;
      }
      const parsed = Number(text);
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) || !Number.isFinite(parsed)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number.` });
        return null;
      }
      if (Math.abs(parsed) >= 1e12) ctx.addIssue({ code: 'custom', message: `${label} is too large.` });
      if (options.min0 && parsed < 0) ctx.addIssue({ code: 'custom', message: `${label} must be 0 or more.` });
      return String(parsed);
    });

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} is limited to ${max} characters.`)
    .nullable()
    .optional();

const instant = (label: string, required: boolean) =>
  z
    .string({ error: required ? `${label} is required.` : `${label} must be a date and time.` })
    .nullable()
    .optional()
    .transform((value, ctx): string | null => {
      const text = value?.trim() ?? '';
      if (text === '') {
        if (required) ctx.addIssue({ code: 'custom', message: `${label} is required.` });
        return null;
      }
      const at = new Date(text);
      if (Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a valid date and time.` });
        return null;
      }
      if (!inTradingYears(at.toISOString())) {
        ctx.addIssue({ code: 'custom', message: `${label} must be between ${TRADING_YEARS.first} and ${TRADING_YEARS.last}.` });
        return null;
      }
      return at.toISOString();
    });

/** §3.7 manual trade create payload, validated the way §5.3 reads. */
export const ManualTradeRequest = z
  .object({
    instrument: z
      .string({ error: 'Instrument is required.' })
      .trim()
      .min(1, 'Instrument is required.')
      .max(32, 'Instrument is limited to 32 characters.'),
    side: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(['BUY', 'SELL'], { error: 'Side must be Buy or Sell.' }))
      .optional()
      .default('BUY'),
    type: optionalText('Type', 40),
    quantity: amount('Quantity', { min0: true }),
    entry_price: amount('Entry price', { min0: true }),
    exit_price: amount('Exit price', { min0: true }),
    stop_loss: amount('Stop loss', { min0: true }),
    take_profit: amount('Take profit', { min0: true }),
    fee: amount('Fees'),
    swap: amount('Swap'),
    gross_pnl: amount('Gross P/L'),
    net_pnl: amount('Net P/L', { required: true }),
    entry_time: instant('Entry time', true),
    exit_time: instant('Exit time', false),
    account_label: optionalText('Account label', 80),
    account_identifier: optionalText('Account identifier', 80),
    notes: optionalText('Notes', 5000),
  })
  .superRefine((value, ctx) => {
    if (value.entry_time && value.exit_time && value.exit_time < value.entry_time) {
      ctx.addIssue({ code: 'custom', path: ['exit_time'], message: 'Exit time must be after the entry time.' });
    }
  });
export type ManualTradeRequest = z.input<typeof ManualTradeRequest>;
export type ManualTradeInput = z.output<typeof ManualTradeRequest>;

export const TradeResponse = dataOf(Trade);
export type TradeResponse = z.infer<typeof TradeResponse>;

/** The trade reads several screens share: declared zod-free for lib/trade-data.ts. */
export const getOrderHistorySchemas = {
  tags: ['trades'],
  query: OrderHistoryQuery,
  response: { 200: OrderHistoryResponse },
} satisfies EndpointSchemas;

export const getDaySummariesSchemas = {
  tags: ['trades'],
  query: DaySummariesQuery,
  response: { 200: DaySummariesResponse },
} satisfies EndpointSchemas;

export const tradeEndpoints = {
  getOrderHistory: withSchemas(entryEndpoints.getOrderHistory, getOrderHistorySchemas),
  getDaySummaries: withSchemas(entryEndpoints.getDaySummaries, getDaySummariesSchemas),
  createManualTrade: endpoint({
    method: 'POST',
    path: '/api/trades/manual',
    tags: ['trades'],
    body: ManualTradeRequest,
    response: { 201: TradeResponse },
  }),
  deleteManualTrade: endpoint({
    method: 'DELETE',
    path: '/api/trades/manual/:manualTradeId',
    tags: ['trades'],
    params: z.object({ manualTradeId: z.string().max(64) }),
    response: { 200: MessageBody },
  }),
};
