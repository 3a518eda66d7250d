import type { BacktestSettingsInput } from '@th/contracts/backtests';
import { useAccountInstruments } from '../api/get-account-instruments';
import type { BotFormValues } from '../components/bot-form';

/** What a backtest of the bot form needs: its trading settings and the instrument's symbol. */
export type BotBacktestInput = { settings: BacktestSettingsInput; instrument: string | null };

/**
 * The form's trading settings as they stand: the fields are named as the request, and the
 * backtest request is parsed with the bot's own schema, so it gets the defaults saving would.
 */
export function backtestSettingsOf(values: BotFormValues): BacktestSettingsInput {
  const { orb_minutes, orb_start_local, run_days, lot_size, order_type, max_spread, risk_max_daily_trades, risk_max_daily_loss } = values;
  return { orb_minutes, orb_start_local, run_days, lot_size, order_type, max_spread, risk_max_daily_trades, risk_max_daily_loss };
}

/**
 * The bot form's current values as a backtest input. The instrument list is the one the form
 * already loaded for the account (same query), so the symbol costs no extra request.
 */
export function useBotBacktestInput(values: BotFormValues): BotBacktestInput {
  const instruments = useAccountInstruments(values.trading_account_id);
  const symbol = instruments.data?.find((i) => i.id === values.instrument_id)?.symbol ?? null;
  return { settings: backtestSettingsOf(values), instrument: symbol };
}
