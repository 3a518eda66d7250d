import type { BotDetail, BotDetailResponse, MonitorResponse, MonitorRun } from '@th/contracts';
import { botSlug } from '@th/domain';
import { SAMPLE_MONITOR } from '../src/features/alphaorb/utils/sample-data';

export const BOT_ID = 'b-7';

/** A NAS100 bot on Apex demo as GET /api/alphaorb/bots/{id} returns it, with `over` applied. */
export function botFixture(over: Partial<BotDetail> = {}): BotDetail {
  const bot: BotDetail = {
    id: BOT_ID,
    slug: '',
    name: 'Morning NAS100',
    label: 'Morning NAS100',
    instrument: 'NAS100',
    symbol: 'NAS100',
    start_time: '09:30',
    timeframe_minutes: 15,
    sessions: [],
    enabled: true,
    armed: false,
    test_mode: false,
    theme: 'blue',
    last_run_at: null,
    last_run: null,
    upcoming_run: null,
    range_start: '09:30',
    duration_minutes: 15,
    order_type: 'market',
    lot_mode: 'fixed',
    lot_size: 2,
    trading_account_id: 'acc-1',
    trading_account_label: 'Apex demo',
    instrument_id: '1001',
    instrument_symbol: 'NAS100',
    orb_minutes: 15,
    orb_start_local: '09:30',
    run_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    timezone: 'America/New_York',
    risk_per_trade_pct: null,
    breakout_requirement: 'in_candle',
    stop_loss_adjust: 0,
    range_adjust: 0,
    take_profits: [],
    max_attempts: 1,
    daily_max_loss_pct: null,
    daily_max_trades: 1,
    max_spread: null,
    risk_max_daily_trades: 1,
    risk_max_daily_loss: null,
    ...over,
  };
  return { ...bot, slug: botSlug(bot) };
}

/** The whole detail answer around a bot, with the one account it trades. */
export const botDetailAnswer = (bot: BotDetail = botFixture()): { body: BotDetailResponse } => ({
  body: {
    bot,
    metrics: { totalRevenue: 0, periodRevenue: 0, winRate: 0, wins: 0, totalPositions: 0, currency: 'USD' },
    trades: [],
    accounts: [{ id: 'acc-1', label: 'Apex demo', account_id: '7001', platform: 'TradeLocker', type: 'demo' }],
    instruments: [],
    weekday_options: { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' },
    message: null,
  },
});

/** A run of the monitor (§3.3) on 2026-01-08, 09:30–09:45 New York. */
export function monitorRunFixture(over: Partial<MonitorRun> = {}): MonitorRun {
  return {
    id: 'run-1',
    state: 'armed',
    stateLabel: 'Armed',
    stateTone: 'blue',
    tradingDay: '2026-01-08',
    window: { timezone: 'America/New_York', from: '09:30', to: '09:45', from12: '9:30 AM', to12: '9:45 AM' },
    metrics: { orbHigh: null, orbLow: null, entryPrice: null, stopPrice: null, targetPrice: null, filledQty: null },
    steps: [],
    completedAt: null,
    ...over,
  };
}

/** A monitor payload for the fixture bot: the sample's, with the bot and monitor parts given. */
export function monitorFixture(
  monitor: Partial<MonitorResponse['monitor']> = {},
  bot: Partial<MonitorResponse['bot']> = {},
  message: string | null = null,
): MonitorResponse {
  return {
    bot: { ...SAMPLE_MONITOR.bot, id: BOT_ID, label: 'Morning NAS100', status: 'armed', testMode: false, ...bot },
    monitor: { ...SAMPLE_MONITOR.monitor, ...monitor },
    message,
  };
}
