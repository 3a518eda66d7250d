import type { Trade } from '@th/contracts/trades';
import type { TradeChart as TradeChartData } from '@th/contracts/trade-chart';

/** A synced NAS100 buy as the order-history call returns it, with `over` applied. */
export const tradeFixture = (over: Partial<Trade> = {}): Trade => ({
  id: '1',
  exit_order_id: null,
  entry_order_id: null,
  position_id: 'P1',
  instrument: 'NAS100',
  bot_label: null,
  side: 'buy',
  type: 'market',
  quantity: '2',
  entry_time: '2026-01-05T14:35:00Z',
  exit_time: '2026-01-05T14:50:00Z',
  entry_price: '21000.25',
  exit_price: '21010.5',
  stop_loss: null,
  take_profit: null,
  fee: '1.2',
  swap: '0',
  gross_pnl: '20.5',
  net_pnl: '19.30',
  notes: null,
  source: 'linked',
  manual: false,
  manual_trade_id: null,
  account: { label: 'Apex Live', identifier: '1001' },
  account_id: 'acc-1',
  account_label: 'Apex Live',
  account_identifier: '1001',
  trade_date: '2026-01-05',
  session: 'New York',
  ...over,
});

const MINUTE = 60_000;
const T0 = Date.parse('2026-01-05T14:35:00Z'); // 9:35 Toronto, 6:35 Los Angeles
export const chartBar = (minute: number, o: number, h: number, l: number, c: number) => ({ t: T0 + minute * MINUTE, o, h, l, c });

/** A trade chart answer: three 1-minute NAS100 bars, marks, excursions, in Los Angeles time. */
export const tradeChartFixture = (over: Partial<TradeChartData> = {}): TradeChartData => ({
  trade_id: '1',
  instrument: 'NAS100',
  side: 'buy',
  timeframe: '1',
  time_zone: 'America/Los_Angeles',
  from: '2026-01-05T14:35:00.000Z',
  to: '2026-01-05T14:38:00.000Z',
  bars_status: 'available',
  unavailable_reason: null,
  bars: [chartBar(0, 21000, 21004, 20995, 21002), chartBar(1, 21002, 21012, 21001, 21010), chartBar(2, 21010, 21011, 21006, 21008)],
  markers: [
    { kind: 'entry', time: '2026-01-05T14:35:20.000Z', price: 21000.25 },
    { kind: 'exit', time: '2026-01-05T14:37:40.000Z', price: 21008 },
    { kind: 'stop', time: null, price: 20990 },
  ],
  sessions: [{ label: 'New York', from: '2026-01-05T14:30:00.000Z', to: '2026-01-05T14:38:00.000Z' }],
  opening_range: null,
  excursions: {
    mae_points: 5.25,
    mfe_points: 11.75,
    mae_money: 10.5,
    mfe_money: 23.5,
    mae_r: 0.5,
    mfe_r: 1.12,
    left_on_table_money: 8,
    left_on_table_r: 0.38,
    worst_price: 20995,
    best_price: 21012,
  },
  time_in_trade_ms: 140_000,
  ...over,
});
