import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { BotInput } from './alphaorb.ts';
import { TradingDate } from './common.ts';

/** AlphaORB backtests: replay a bot's settings over historical 1-minute bars. */

/** Longest range one backtest may cover, in years. */
export const BACKTEST_MAX_YEARS = 2;
/** How often the panel asks for progress while a backtest runs. */
export const BACKTEST_POLL_MS = 1000;

export const BACKTEST_MESSAGES = {
  instrument: 'Select an instrument for this backtest.',
  order: 'The end date must be after the start date.',
  span: `A backtest covers at most ${BACKTEST_MAX_YEARS} years.`,
  future: 'The end date cannot be in the future.',
  commission: 'Enter a commission of at least 0.',
  slippage: 'Enter a slippage of at least 0 points.',
  queued: 'Backtest queued.',
} as const;

/** The bot form's trading settings, validated with the bot form's own rules and messages. */
export const BacktestSettings = BotInput.pick({
  orb_minutes: true,
  orb_start_local: true,
  run_days: true,
  lot_size: true,
  order_type: true,
  max_spread: true,
  risk_max_daily_trades: true,
  risk_max_daily_loss: true,
});
export type BacktestSettingsInput = z.input<typeof BacktestSettings>;
export type BacktestSettings = z.output<typeof BacktestSettings>;

const nonNegative = (message: string) =>
  z.coerce.number({ error: message }).min(0, message).optional().default(0);

/** The last date a range starting on `from` may end on: the same date two years later. */
export function latestBacktestEnd(from: string): string {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(year + BACKTEST_MAX_YEARS, month - 1, day));
  // 29 February has no anniversary: JavaScript rolls it to 1 March, the range ends on the 28th.
  if (end.getUTCDate() !== day) end.setUTCDate(0);
  return end.toISOString().slice(0, 10);
}

export const BacktestInput = z
  .object({
    instrument: z
      .string({ error: BACKTEST_MESSAGES.instrument })
      .trim()
      .min(1, BACKTEST_MESSAGES.instrument)
      .max(32, BACKTEST_MESSAGES.instrument),
    /** Bot-local calendar dates, both included. */
    from: TradingDate,
    to: TradingDate,
    settings: BacktestSettings,
    commission_per_lot: nonNegative(BACKTEST_MESSAGES.commission),
    entry_slippage: nonNegative(BACKTEST_MESSAGES.slippage),
    stop_slippage: nonNegative(BACKTEST_MESSAGES.slippage),
  })
  .superRefine((input, ctx) => {
    if (input.to <= input.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: BACKTEST_MESSAGES.order });
    } else if (input.to > latestBacktestEnd(input.from)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: BACKTEST_MESSAGES.span });
    }
  });
export type BacktestInput = z.input<typeof BacktestInput>;
/** A validated request, as the service receives it. */
export type BacktestValues = z.output<typeof BacktestInput>;

export const BacktestStatus = z.enum(['queued', 'running', 'done', 'failed']);
export type BacktestStatus = z.infer<typeof BacktestStatus>;

export const BacktestExitReason = z.enum(['stop', 'target', 'session_close', 'manual']);
export type BacktestExitReason = z.infer<typeof BacktestExitReason>;

export const BacktestTrade = z.object({
  trading_day: z.string(),
  attempt: z.number(),
  side: z.enum(['buy', 'sell']),
  order_type: z.enum(['limit', 'market']),
  qty: z.number(),
  entry_price: z.number(),
  entry_at: z.string(),
  exit_price: z.number(),
  exit_at: z.string(),
  exit_reason: BacktestExitReason,
  stop_price: z.number(),
  target_price: z.number(),
  fees: z.number(),
  pnl: z.number(),
  r_multiple: z.number().nullable(),
});
export type BacktestTrade = z.infer<typeof BacktestTrade>;

export const BacktestEquityPoint = z.object({ at: z.string(), equity: z.number() });
export type BacktestEquityPoint = z.infer<typeof BacktestEquityPoint>;

export const BacktestStats = z.object({
  trades: z.number(),
  wins: z.number(),
  losses: z.number(),
  win_rate: z.number(),
  total_pnl: z.number(),
  gross_profit: z.number(),
  gross_loss: z.number(),
  /** Null when there was no losing trade to divide by. */
  profit_factor: z.number().nullable(),
  expectancy_money: z.number(),
  expectancy_r: z.number().nullable(),
  max_drawdown: z.number(),
  fees: z.number(),
  trading_days: z.number(),
  trades_per_day: z.number(),
  exits_by_reason: z.object({
    stop: z.number(),
    target: z.number(),
    session_close: z.number(),
    manual: z.number(),
  }),
});
export type BacktestStats = z.infer<typeof BacktestStats>;

export const BacktestBuyAndHold = z.object({
  qty: z.number(),
  entry_price: z.number(),
  exit_price: z.number(),
  pnl: z.number(),
  return_pct: z.number(),
  equity: z.array(BacktestEquityPoint),
});
export type BacktestBuyAndHold = z.infer<typeof BacktestBuyAndHold>;

export const BacktestResult = z.object({
  stats: BacktestStats,
  trades: z.array(BacktestTrade),
  equity: z.array(BacktestEquityPoint),
  buy_and_hold: BacktestBuyAndHold.nullable(),
  /** One-minute bars the run replayed. */
  bars: z.number(),
});
export type BacktestResult = z.infer<typeof BacktestResult>;

export const Backtest = z.object({
  id: z.string(),
  instrument: z.string(),
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  settings: z.record(z.string(), z.unknown()),
  commission_per_lot: z.number(),
  entry_slippage: z.number(),
  stop_slippage: z.number(),
  status: BacktestStatus,
  progress: z.number(),
  error: z.string().nullable(),
  /** The fill model in words, shown with the results. */
  fill_model: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  result: BacktestResult.nullable(),
});
export type Backtest = z.infer<typeof Backtest>;

export const BacktestResponse = z.object({ backtest: Backtest });
export type BacktestResponse = z.infer<typeof BacktestResponse>;

export const BacktestCreated = z.object({ message: z.string(), backtest: Backtest });
export type BacktestCreated = z.infer<typeof BacktestCreated>;

const tags = ['alphaorb'];

/** AlphaORB backtests: started, then polled until finished. */
export const backtestEndpoints = {
  createBacktest: endpoint({
    method: 'POST',
    path: '/api/alphaorb/backtests',
    tags,
    body: BacktestInput,
    response: { 202: BacktestCreated },
  }),
  getBacktest: endpoint({
    method: 'GET',
    path: '/api/alphaorb/backtests/:id',
    tags,
    params: z.object({ id: z.string().max(64) }),
    response: { 200: BacktestResponse },
  }),
};
