import { describe, expect, it } from 'vitest';
import { DEFAULT_VALUES } from '../components/bot-form';
import { backtestSettingsOf } from './backtest-input';

describe('backtestSettingsOf', () => {
  it('replays exactly the trading settings on the form', () => {
    const settings = backtestSettingsOf({
      ...DEFAULT_VALUES,
      label: 'Morning NAS100',
      tradingAccountId: 'acc-1',
      instrumentId: '1001',
      orbMinutes: 15,
      orbStartLocal: '10:00',
      runDays: ['mon', 'wed'],
      lotSize: '2.5',
      orderType: 'market',
      maxSpread: 3,
      riskMaxDailyTrades: 2,
      riskMaxDailyLoss: 250,
    });
    expect(settings).toEqual({
      orb_minutes: 15,
      orb_start_local: '10:00',
      run_days: ['mon', 'wed'],
      lot_size: 2.5,
      order_type: 'market',
      max_spread: 3,
      risk_max_daily_trades: 2,
      risk_max_daily_loss: 250,
    });
  });

  it('applies the same defaults as saving the bot to a half-filled form', () => {
    const settings = backtestSettingsOf({ ...DEFAULT_VALUES, lotSize: '', orbStartLocal: '' });
    expect(settings).toMatchObject({ lot_size: 1, orb_start_local: '09:30', orb_minutes: 5, order_type: 'limit' });
  });
});
