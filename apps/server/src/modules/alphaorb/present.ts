/** How bots and runs leave the server (§3.1, §3.2): rows in, API shapes out. */
import { DateTime } from 'luxon';
import type { BotDetail, BotListItem, RunSummary } from '@th/contracts';
import { botSlug, isActive, normalizeOrbSettings, type OrbSettings, type RunStateName } from '@th/domain';
import type { alphaorbBotRuns, alphaorbBots } from '../../db/schema/index.ts';

export type BotRow = typeof alphaorbBots.$inferSelect;
export type RunRow = typeof alphaorbBotRuns.$inferSelect;

const THEMES = ['indigo', 'teal', 'amber', 'rose', 'sky', 'violet'];

/** The engine settings of a bot: the member's inputs plus the rules without an input yet. */
export function settingsOf(bot: BotRow): OrbSettings {
  return normalizeOrbSettings({
    ...(bot.engine as Partial<OrbSettings>),
    instrument: bot.instrumentSymbol,
    timezone: bot.timezone,
    orb_minutes: bot.orbMinutes as OrbSettings['orb_minutes'],
    orb_start_local: bot.orbStartLocal,
    run_days: bot.runDays as OrbSettings['run_days'],
    lot_size: Number(bot.lotSize),
    order_type: bot.orderType,
    max_spread: bot.maxSpread === null ? null : Number(bot.maxSpread),
    risk_max_daily_trades: bot.riskMaxDailyTrades,
    risk_max_daily_loss: bot.riskMaxDailyLoss === null ? null : Number(bot.riskMaxDailyLoss),
    test_mode: bot.testMode,
  });
}

/** "Tue, Jul 9 · 9:30 AM EDT" in the bot's zone. */
export function displayAt(at: Date | null, zone: string): string | null {
  if (!at) return null;
  return DateTime.fromJSDate(at, { zone }).toFormat("ccc, LLL d '·' h:mm a ZZZZ");
}

export function runSummary(run: RunRow | null, zone: string): RunSummary | null {
  if (!run) return null;
  return {
    id: run.id,
    state: run.state,
    trading_day: run.tradingDay,
    scheduled_at: run.scheduledAt.toISOString(),
    scheduled_display: displayAt(run.scheduledAt, zone) ?? '',
    finished_at: run.finishedAt?.toISOString() ?? null,
    finished_display: displayAt(run.finishedAt, zone),
    timezone: zone,
  };
}

function themeOf(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return THEMES[hash % THEMES.length]!;
}

export function botListItem(bot: BotRow, runs: RunRow[]): BotListItem {
  const upcoming = runs.find((r) => r.state === 'idle') ?? null;
  const last = runs.find((r) => r.state !== 'idle') ?? null;
  return {
    id: bot.id,
    slug: botSlug({ id: bot.id, label: bot.label }),
    name: bot.label,
    label: bot.label,
    instrument: bot.instrumentSymbol,
    symbol: bot.instrumentSymbol,
    start_time: bot.orbStartLocal,
    timeframe_minutes: bot.orbMinutes,
    sessions: bot.runDays,
    enabled: bot.enabled,
    armed: runs.some((r) => isActive(r.state as RunStateName)),
    test_mode: bot.testMode,
    theme: themeOf(bot.id),
    last_run_at: bot.lastRunAt?.toISOString() ?? null,
    last_run: runSummary(last, bot.timezone),
    upcoming_run: runSummary(upcoming, bot.timezone),
  };
}

export function botDetail(bot: BotRow, runs: RunRow[], accountLabel: string): BotDetail {
  const s = settingsOf(bot);
  return {
    ...botListItem(bot, runs),
    range_start: bot.orbStartLocal,
    duration_minutes: bot.orbMinutes,
    order_type: bot.orderType,
    lot_mode: 'fixed',
    lot_size: Number(bot.lotSize),
    trading_account_id: bot.tradingAccountId,
    trading_account_label: accountLabel,
    instrument_id: bot.instrumentId,
    instrument_symbol: bot.instrumentSymbol,
    orb_minutes: bot.orbMinutes,
    orb_start_local: bot.orbStartLocal,
    run_days: s.run_days,
    timezone: bot.timezone,
    risk_per_trade_pct: null,
    breakout_requirement: s.breakout_requirement,
    stop_loss_adjust: s.stop_loss_adjust,
    range_adjust: s.range_adjust,
    take_profits: s.take_profits.map((tp, i) => ({ id: `tp${i + 1}`, ...tp })),
    max_attempts: s.max_attempts,
    daily_max_loss_pct: null,
    daily_max_trades: s.risk_max_daily_trades,
    max_spread: s.max_spread,
    risk_max_daily_trades: s.risk_max_daily_trades,
    risk_max_daily_loss: s.risk_max_daily_loss,
    test_mode: bot.testMode,
  };
}

export type AccountRowLike = { label: string | null; name: string; platform: string };
/** "label — platform" (§3.4). */
export function accountLabel(account: AccountRowLike): string {
  const platform = account.platform === 'tradelocker' ? 'TradeLocker' : account.platform;
  return `${account.label || account.name} — ${platform}`;
}
