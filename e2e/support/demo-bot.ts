/**
 * The body of a harmless AlphaORB bot for specs that need one on a linked demo account: test
 * mode, Saturdays only (no market session; on a Saturday it does have a run, so pages listing
 * bots show one more line that day), one trade a day.
 */
export function demoBotBody(
  label: string,
  account: { id: string; instruments?: Array<{ id: string }> },
) {
  return {
    label,
    trading_account_id: account.id,
    instrument_id: account.instruments?.[0]?.id ?? '1001',
    orb_minutes: 5,
    orb_start_local: '09:30',
    run_days: ['sat'],
    lot_size: 1,
    order_type: 'market',
    max_spread: null,
    risk_max_daily_trades: 1,
    risk_max_daily_loss: null,
    test_mode: true,
  };
}
