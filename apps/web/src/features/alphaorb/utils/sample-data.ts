import type { MonitorResponse, Summary } from '@th/contracts';

/** Built-in sample shown beside the error when a bot cannot be loaded (§2.2, §4.2). */
export const SAMPLE_SUMMARY: Summary = { totalRevenue: 1250, periodRevenue: 310, winRate: 0.6, wins: 3, totalPositions: 5, currency: 'USD' };

export const SAMPLE_MONITOR: MonitorResponse = {
  bot: {
    id: 'sample',
    slug: 'sample-bot~c2FtcGxl',
    label: 'Sample NAS100 bot',
    instrument: 'NAS100',
    timezone: 'America/New_York',
    orbMinutes: 15,
    orbStartLocal: '09:30',
    status: 'unknown',
    enabled: true,
    armed: false,
    testMode: true,
    runDays: ['mon', 'tue', 'wed', 'thu', 'fri'],
    orderType: 'market',
    lotSize: 1,
    tradingAccountLabel: 'Sample account — TradeLocker',
    lastRunAt: null,
  },
  monitor: {
    runs: { current: null, upcoming: null },
    countdown: null,
    rangeCountdown: null,
    monitoringMessage: null,
    orderStatus: null,
    quote: null,
    quoteStale: true,
    activePosition: null,
    closedTrade: null,
    events: [],
    permissions: { canRunToday: false, canCancelRun: false, canPauseBot: false, canResumeBot: false, canHardStop: false },
    chart: { bars: [] },
  },
  message: null,
};
