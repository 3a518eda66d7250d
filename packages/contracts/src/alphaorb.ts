import { z } from 'zod';
import { MessageBody } from './common.ts';
import { endpoint } from './endpoint.ts';

/** AlphaORB API shapes (trading-tools §3.1–3.4, §3.6, §7.1). */

export const ALPHAORB_PERMISSION = 'alphaorb.manage';
export const MONITOR_POLL_MS = 5000;
export const BOT_LABEL_MAX = 191;
export const ALPHAORB_DISCLAIMER =
  'AlphaORB is an educational tool, not a signal service, financial advice or an investment product. ' +
  'The user is fully responsible for all settings and outcomes. Trading is risky and nothing implies profit. ' +
  'The accountable party and its affiliates accept no liability.';

export const OverviewRange = z.enum(['day', 'week', 'month', 'all']);
export type OverviewRange = z.infer<typeof OverviewRange>;
export const OverviewQuery = z.object({ range: OverviewRange.default('week') });

export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const WeekdayKey = z.enum(WEEKDAY_KEYS);

const optionalNumber = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n) || n < 0) {
      ctx.addIssue({ code: 'custom', message: 'Enter a number of at least 0.' });
      return z.NEVER;
    }
    return n;
  });

/**
 * The create and update body (§7.1). Defaults follow §5.1: ORB minutes 5, start 09:30, lot 1,
 * limit orders; the label, account and instrument messages are the spec's.
 */
export const BotInput = z.object({
  label: z
    .string({ error: 'Please provide a label for the bot.' })
    .trim()
    .min(1, 'Please provide a label for the bot.')
    .max(BOT_LABEL_MAX, `Bot labels are limited to ${BOT_LABEL_MAX} characters.`),
  trading_account_id: z
    .string({ error: 'Select a trading account for this bot.' })
    .trim()
    .min(1, 'Select a trading account for this bot.'),
  instrument_id: z
    .union([z.string(), z.number()], { error: 'Select an instrument for this bot.' })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, 'Select an instrument for this bot.')),
  orb_minutes: z.coerce
    .number()
    .optional()
    .transform((v) => (v === 5 || v === 15 || v === 30 ? v : 5)),
  orb_start_local: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : '09:30'))
    .pipe(
      z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5][05]$/, 'Enter the ORB start as HH:MM in 5-minute steps.'),
    ),
  run_days: z.array(WeekdayKey, { error: 'Choose the run days from Mon to Sun.' }).optional(),
  lot_size: z.coerce
    .number({ error: 'Enter a lot size of at least 0.' })
    .min(0, 'Enter a lot size of at least 0.')
    .optional()
    .transform((v) => v ?? 1),
  order_type: z
    .enum(['limit', 'market'], { error: 'Choose limit or market.' })
    .optional()
    .default('limit'),
  max_spread: optionalNumber,
  risk_max_daily_trades: z.coerce
    .number({ error: 'Enter a whole number of trades.' })
    .int('Enter a whole number of trades.')
    .min(0, 'Enter a whole number of trades.')
    .optional()
    .transform((v) => v ?? 1),
  risk_max_daily_loss: optionalNumber,
  test_mode: z.boolean().optional().default(false),
});
export type BotInput = z.input<typeof BotInput>;
export type BotValues = z.output<typeof BotInput>;

export const RunSummary = z.object({
  id: z.string(),
  state: z.string(),
  trading_day: z.string(),
  scheduled_at: z.string(),
  scheduled_display: z.string(),
  finished_at: z.string().nullable(),
  finished_display: z.string().nullable(),
  timezone: z.string(),
});
export type RunSummary = z.infer<typeof RunSummary>;

/** A bot in lists (§3.1). */
export const BotListItem = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  label: z.string(),
  instrument: z.string(),
  symbol: z.string(),
  start_time: z.string(),
  timeframe_minutes: z.number(),
  sessions: z.array(z.string()),
  enabled: z.boolean(),
  armed: z.boolean(),
  test_mode: z.boolean(),
  theme: z.string(),
  last_run_at: z.string().nullable(),
  last_run: RunSummary.nullable(),
  upcoming_run: RunSummary.nullable(),
});
export type BotListItem = z.infer<typeof BotListItem>;

export const TakeProfit = z.object({
  id: z.string(),
  target_r: z.number(),
  size_percent: z.number(),
});

/** A bot in detail, settings and create (§3.2). */
export const BotDetail = BotListItem.extend({
  range_start: z.string(),
  duration_minutes: z.number(),
  order_type: z.enum(['limit', 'market']),
  lot_mode: z.string(),
  lot_size: z.number(),
  trading_account_id: z.string(),
  trading_account_label: z.string(),
  instrument_id: z.string(),
  instrument_symbol: z.string(),
  orb_minutes: z.number(),
  orb_start_local: z.string(),
  run_days: z.array(WeekdayKey),
  timezone: z.string(),
  risk_per_trade_pct: z.number().nullable(),
  breakout_requirement: z.enum(['in_candle', 'close']),
  stop_loss_adjust: z.number(),
  range_adjust: z.number(),
  take_profits: z.array(TakeProfit),
  max_attempts: z.number(),
  daily_max_loss_pct: z.number().nullable(),
  daily_max_trades: z.number(),
  max_spread: z.number().nullable(),
  risk_max_daily_trades: z.number(),
  risk_max_daily_loss: z.number().nullable(),
  test_mode: z.boolean(),
});
export type BotDetail = z.infer<typeof BotDetail>;

export const Summary = z.object({
  totalRevenue: z.number(),
  periodRevenue: z.number(),
  winRate: z.number(),
  wins: z.number(),
  totalPositions: z.number(),
  currency: z.string(),
});
export type Summary = z.infer<typeof Summary>;

/** A recorded bot trade (§3.5, bot trades). */
export const BotTradeRow = z.object({
  id: z.string(),
  bot_id: z.string(),
  bot_label: z.string().nullable(),
  run_id: z.string(),
  instrument: z.string(),
  side: z.string(),
  quantity: z.string().nullable(),
  entry_time: z.string().nullable(),
  exit_time: z.string().nullable(),
  entry_price: z.string().nullable(),
  exit_price: z.string().nullable(),
  stop_price: z.string().nullable(),
  take_profit: z.string().nullable(),
  pnl: z.string().nullable(),
  win_loss: z.enum(['win', 'loss', 'flat']),
  rr: z.string().nullable(),
  risk_amount: z.string().nullable(),
  orb_start: z.string().nullable(),
  orb_range_minutes: z.number().nullable(),
  order_status: z.string().nullable(),
});
export type BotTradeRow = z.infer<typeof BotTradeRow>;

export const Overview = z.object({
  summary: Summary,
  bots: z.array(BotListItem),
  trades: z.array(BotTradeRow),
});
export type Overview = z.infer<typeof Overview>;
export const BotOverview = z.object({ summary: Summary, trades: z.array(BotTradeRow) });
export type BotOverview = z.infer<typeof BotOverview>;

export const Instrument = z.object({ id: z.string(), symbol: z.string(), name: z.string() });
export type Instrument = z.infer<typeof Instrument>;
export const BotAccount = z.object({
  id: z.string(),
  label: z.string(),
  account_id: z.string(),
  platform: z.string(),
  type: z.string(),
  instruments: z.array(Instrument).optional(),
});
export type BotAccount = z.infer<typeof BotAccount>;

export const BotDetailResponse = z.object({
  bot: BotDetail,
  metrics: Summary,
  trades: z.array(BotTradeRow),
  accounts: z.array(BotAccount),
  instruments: z.array(Instrument),
  weekday_options: z.record(z.string(), z.string()),
  message: z.string().nullable(),
});
export type BotDetailResponse = z.infer<typeof BotDetailResponse>;

const Display = z.object({ formatted: z.string(), label: z.string() });
const Tones = z.record(z.string(), z.string());

export const MonitorRun = z.object({
  id: z.string(),
  state: z.string(),
  stateLabel: z.string(),
  stateTone: z.string(),
  tradingDay: z.string(),
  window: z.object({
    timezone: z.string(),
    from: z.string(),
    to: z.string(),
    from12: z.string(),
    to12: z.string(),
  }),
  metrics: z.object({
    orbHigh: z.number().nullable(),
    orbLow: z.number().nullable(),
    entryPrice: z.number().nullable(),
    stopPrice: z.number().nullable(),
    targetPrice: z.number().nullable(),
    filledQty: z.number().nullable(),
  }),
  steps: z.array(
    z.object({ key: z.string(), label: z.string(), status: z.string(), index: z.number() }),
  ),
  completedAt: z.string().nullable(),
});
export type MonitorRun = z.infer<typeof MonitorRun>;

export const Monitor = z.object({
  runs: z.object({ current: MonitorRun.nullable(), upcoming: MonitorRun.nullable() }),
  countdown: Display.nullable(),
  rangeCountdown: Display.nullable(),
  monitoringMessage: z.string().nullable(),
  orderStatus: z
    .object({
      status: z.string(),
      text: z.string(),
      tone: z.string(),
      brokerOrderId: z.string().nullable(),
    })
    .nullable(),
  quote: z.object({ bid: z.number(), ask: z.number(), updatedRelative: z.string() }).nullable(),
  quoteStale: z.boolean(),
  activePosition: z
    .object({
      side: z.string(),
      quantity: z.number(),
      averagePrice: z.number(),
      unrealizedPnl: z.number().nullable(),
      netPnl: z.number().nullable(),
      fees: z.number().nullable(),
      openDisplay: z.string(),
      positionId: z.string().nullable(),
      tones: Tones,
    })
    .nullable(),
  closedTrade: z
    .object({
      side: z.string(),
      filledQty: z.number(),
      averagePrice: z.number(),
      statusLabel: z.string(),
      statusTone: z.string(),
      openedDisplay: z.string(),
      closedDisplay: z.string(),
      realizedPnl: z.number(),
      orderId: z.string().nullable(),
      tones: Tones,
    })
    .nullable(),
  events: z.array(
    z.object({
      id: z.string(),
      timeDisplay: z.string(),
      level: z.string(),
      tone: z.string(),
      message: z.string(),
    }),
  ),
  permissions: z.object({
    canRunToday: z.boolean(),
    canCancelRun: z.boolean(),
    canPauseBot: z.boolean(),
    canResumeBot: z.boolean(),
    canHardStop: z.boolean(),
  }),
  chart: z.object({
    bars: z.array(
      z.object({ t: z.number(), o: z.number(), h: z.number(), l: z.number(), c: z.number() }),
    ),
  }),
});
export type Monitor = z.infer<typeof Monitor>;

export const MonitorBot = z.object({
  id: z.string(),
  slug: z.string(),
  label: z.string(),
  instrument: z.string(),
  timezone: z.string(),
  orbMinutes: z.number(),
  orbStartLocal: z.string(),
  status: z.string(),
  enabled: z.boolean(),
  armed: z.boolean(),
  testMode: z.boolean(),
  runDays: z.array(z.string()),
  orderType: z.string(),
  lotSize: z.number(),
  tradingAccountLabel: z.string(),
  lastRunAt: z.string().nullable(),
});
export type MonitorBot = z.infer<typeof MonitorBot>;

export const MonitorResponse = z.object({
  bot: MonitorBot,
  monitor: Monitor,
  message: z.string().nullable(),
});
export type MonitorResponse = z.infer<typeof MonitorResponse>;

export const HardStopBody = z.object({ run_id: z.string().optional() }).optional();

/**
 * GET /api/me/bots: the member's own bots with what they may still do to stop them. The account
 * area reads it, so a member who was suspended or lost AlphaORB can pause a bot or close its
 * trade (not in the spec, which leaves such a member no screen for it).
 */
export const OwnerBot = z.object({
  id: z.string(),
  label: z.string(),
  instrument: z.string(),
  enabled: z.boolean(),
  /** An enabled bot can be paused: its upcoming runs will not start. */
  can_pause: z.boolean(),
  /** A bot with an active run can be hard-stopped: its trade is closed. */
  can_hard_stop: z.boolean(),
});
export type OwnerBot = z.infer<typeof OwnerBot>;
export const OwnerBotsResponse = z.object({ bots: z.array(OwnerBot) });
export type OwnerBotsResponse = z.infer<typeof OwnerBotsResponse>;

export const BotSaved = z.object({ message: z.string(), bot: BotDetail });
export type BotSaved = z.infer<typeof BotSaved>;

const Params = z.object({ id: z.string().max(64) });
const tags = ['alphaorb'];

/** AlphaORB (§7.1): the bots, their runs and the accounts they trade on. */
export const alphaorbEndpoints = {
  getOverview: endpoint({
    method: 'GET',
    path: '/api/alphaorb/overview',
    tags,
    query: OverviewQuery,
    response: { 200: Overview },
  }),
  getAccounts: endpoint({
    method: 'GET',
    path: '/api/alphaorb/accounts',
    tags,
    query: z.object({ include: z.string().optional() }),
    response: { 200: z.object({ accounts: z.array(BotAccount) }) },
  }),
  getAccountInstruments: endpoint({
    method: 'GET',
    path: '/api/alphaorb/accounts/:id/instruments',
    tags,
    params: Params,
    query: z.object({ refresh: z.string().optional() }),
    response: { 200: z.object({ instruments: z.array(Instrument) }) },
  }),
  createBot: endpoint({
    method: 'POST',
    path: '/api/alphaorb/bots',
    tags,
    body: BotInput,
    response: { 201: BotSaved },
  }),
  getBot: endpoint({
    method: 'GET',
    path: '/api/alphaorb/bots/:id',
    tags,
    params: Params,
    response: { 200: BotDetailResponse },
  }),
  updateBot: endpoint({
    method: 'PUT',
    path: '/api/alphaorb/bots/:id',
    tags,
    params: Params,
    body: BotInput,
    response: { 200: BotSaved },
  }),
  deleteBot: endpoint({
    method: 'DELETE',
    path: '/api/alphaorb/bots/:id',
    tags,
    params: Params,
    response: { 200: MessageBody },
  }),
  getBotOverview: endpoint({
    method: 'GET',
    path: '/api/alphaorb/bots/:id/overview',
    tags,
    params: Params,
    query: OverviewQuery,
    response: { 200: BotOverview },
  }),
  getBotMonitor: endpoint({
    method: 'GET',
    path: '/api/alphaorb/bots/:id/monitor',
    tags,
    params: Params,
    response: { 200: MonitorResponse },
  }),
  getOwnerBots: endpoint({
    method: 'GET',
    path: '/api/me/bots',
    tags,
    response: { 200: OwnerBotsResponse },
  }),
  pauseBot: endpoint({
    method: 'POST',
    path: '/api/alphaorb/bots/:id/pause',
    tags,
    params: Params,
    response: { 200: MonitorResponse },
  }),
  resumeBot: endpoint({
    method: 'POST',
    path: '/api/alphaorb/bots/:id/resume',
    tags,
    params: Params,
    response: { 200: MonitorResponse },
  }),
  hardStopBot: endpoint({
    method: 'POST',
    path: '/api/alphaorb/bots/:id/hard-stop',
    tags,
    params: Params,
    body: HardStopBody,
    response: { 200: MonitorResponse },
  }),
};
