import { describe, expect, it } from 'vitest';
import { BacktestSettings } from '@th/contracts/backtests';
import { DEFAULT_VALUES } from '../components/bot-form';
import { backtestSettingsOf } from './backtest-input';

describe('backtestSettingsOf', () => {
  it('replays exactly the trading settings on the form', () => {
    const settings = backtestSettingsOf({
      ...DEFAULT_VALUES,
      label: 'Morning NAS100',
      trading_account_id: 'acc-1',
      instrument_id: '1001',
      orb_minutes: 15,
      orb_start_local: '10:00',
      run_days: ['mon', 'wed'],
      lot_size: '2.5',
      order_type: 'market',
      max_spread: 3,
      risk_max_daily_trades: 2,
      risk_max_daily_loss: 250,
    });
    expect(BacktestSettings.parse(settings)).toEqual({
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

  it('gets the same defaults as saving the bot from a half-filled form', () => {
    const settings = backtestSettingsOf({ ...DEFAULT_VALUES, lot_size: undefined, orb_start_local: '' });
    expect(BacktestSettings.parse(settings)).toMatchObject({ lot_size: 1, orb_start_local: '09:30', orb_minutes: 5, order_type: 'limit' });
  });
});
