import type { BacktestSettingsInput } from '@th/contracts/backtests';
import { useAccountInstruments } from '../api/get-account-instruments';
import { toBody, type BotFormValues } from '../components/bot-form';

/** What a backtest of the bot form needs: its trading settings and the instrument's symbol. */
export type BotBacktestInput = { settings: BacktestSettingsInput; instrument: string | null };

/** The form's trading settings, with the same defaults the saved bot gets (toBody). */
export function backtestSettingsOf(values: BotFormValues): BacktestSettingsInput {
  const body = toBody(values);
  return {
    orb_minutes: body.orb_minutes,
    orb_start_local: body.orb_start_local,
    run_days: body.run_days,
    lot_size: body.lot_size,
    order_type: body.order_type,
    max_spread: body.max_spread,
    risk_max_daily_trades: body.risk_max_daily_trades,
    risk_max_daily_loss: body.risk_max_daily_loss,
  };
}

/**
 * The bot form's current values as a backtest input. The instrument list is the one the form
 * already loaded for the account (same query), so the symbol costs no extra request.
 */
export function useBotBacktestInput(values: BotFormValues): BotBacktestInput {
  const instruments = useAccountInstruments(values.tradingAccountId);
  const symbol = instruments.data?.find((i) => i.id === values.instrumentId)?.symbol ?? null;
  return { settings: backtestSettingsOf(values), instrument: symbol };
}
