import { useEffect, useState, type FormEvent } from 'react';
import { ALPHAORB_DISCLAIMER, WEEKDAY_KEYS, type BotAccount, type BotInput } from '@th/contracts';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field } from '@/components/field';
import { ApiError } from '@/lib/api-client';
import { useAccountInstruments } from '../api/get-account-instruments';

export type BotFormValues = {
  label: string;
  tradingAccountId: string;
  instrumentId: string;
  orbMinutes: number;
  orbStartLocal: string;
  runDays: string[];
  lotSize: string;
  orderType: 'limit' | 'market';
  maxSpread: number | null;
  riskMaxDailyTrades: number;
  riskMaxDailyLoss: number | null;
  testMode: boolean;
};

export const DEFAULT_VALUES: BotFormValues = {
  label: '',
  tradingAccountId: '',
  instrumentId: '',
  orbMinutes: 5,
  orbStartLocal: '09:30',
  runDays: [...WEEKDAY_KEYS],
  lotSize: '1',
  orderType: 'limit',
  maxSpread: null,
  riskMaxDailyTrades: 1,
  riskMaxDailyLoss: null,
  testMode: false,
};

const DAY_LABELS: Record<string, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
type Errors = Record<string, string>;

/** The request body (§7.1) with the §5.1/§5.2 defaults applied. */
export function toBody(v: BotFormValues): BotInput {
  const lot = Number(v.lotSize);
  return {
    label: v.label.trim().slice(0, 191) || 'Unnamed bot',
    trading_account_id: v.tradingAccountId,
    instrument_id: v.instrumentId,
    orb_minutes: [5, 15, 30].includes(v.orbMinutes) ? v.orbMinutes : 5,
    orb_start_local: v.orbStartLocal || '09:30',
    run_days: v.runDays as BotInput['run_days'],
    lot_size: Number.isFinite(lot) && v.lotSize !== '' ? lot : 1,
    order_type: v.orderType || 'limit',
    max_spread: v.maxSpread ?? null,
    risk_max_daily_trades: v.riskMaxDailyTrades,
    risk_max_daily_loss: v.riskMaxDailyLoss ?? null,
    test_mode: v.testMode,
  };
}

type Props = {
  mode: 'create' | 'settings';
  initial: BotFormValues;
  accounts: BotAccount[];
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  serverError: unknown;
  failureText: (status: number | null) => string;
  onCancel: () => void;
  onSubmit: (body: BotInput) => void;
  onChange?: (values: BotFormValues) => void;
};

export function BotForm({ mode, initial, accounts, submitLabel, busyLabel, busy, serverError, failureText, onCancel, onSubmit, onChange }: Props) {
  const [v, setV] = useState<BotFormValues>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [disclaimer, setDisclaimer] = useState(mode === 'settings');
  const instruments = useAccountInstruments(v.tradingAccountId);
  const list = instruments.data ?? [];

  const update = (patch: Partial<BotFormValues>) => setV((prev) => ({ ...prev, ...patch }));

  // The parent sees the values from the first render on (the Backtest panel replays the saved
  // settings before any edit), and after every change, outside React's state updater.
  useEffect(() => {
    onChange?.(v);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [v]);

  // The account defaults to the only one (§5.1).
  useEffect(() => {
    const only = accounts.length === 1 ? accounts[0] : undefined;
    if (!v.tradingAccountId && only) update({ tradingAccountId: only.id });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accounts]);

  // A new list: keep the instrument if it is there, else the first one (§4.2, §5.1).
  useEffect(() => {
    if (!instruments.data) return;
    if (!instruments.data.some((i) => i.id === v.instrumentId)) update({ instrumentId: instruments.data[0]?.id ?? '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [instruments.data]);

  useEffect(() => {
    if (serverError instanceof ApiError && serverError.status === 422) {
      setErrors(Object.fromEntries(Object.entries(serverError.fieldErrors).map(([k, m]) => [k, m[0] ?? ''])));
    }
  }, [serverError]);

  const instrumentError = instruments.error
    ? instruments.error instanceof ApiError
      ? instruments.error.status === 404
        ? 'No instruments were found for this trading account.'
        : `Unable to load instruments (${instruments.error.status})`
      : 'Unable to load instruments for this account.'
    : instruments.data && instruments.data.length === 0
      ? 'No instruments were found for this trading account.'
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const next: Errors = {};
    if (mode === 'create' && !disclaimer) next.disclaimer = 'Confirm the AlphaORB disclaimer before creating this bot.';
    if (mode === 'create' && !v.label.trim()) next.label = 'Please provide a label for the bot.';
    if (!v.tradingAccountId) next.trading_account_id = 'Select a trading account for this bot.';
    if (!v.instrumentId) next.instrument_id = 'Select an instrument for this bot.';
    setErrors(next);
    if (Object.keys(next).length === 0) onSubmit(toBody(v));
  }

  const generalError =
    serverError instanceof ApiError
      ? serverError.status === 422
        ? serverError.describe('Please review the highlighted fields.')
        : serverError.serverMessage ?? failureText(serverError.status)
      : serverError
        ? failureText(null)
        : null;

  return (
    <form className="orb-form" onSubmit={submit} noValidate aria-label="Standard Settings">
      <h2 className="orb-form-title">Standard Settings</h2>
      <Card title="Identity Setup">
        <Field label="Bot label" value={v.label} maxLength={191} onChange={(e) => update({ label: e.target.value })} error={errors.label ?? null} />
        <div className="field">
          <label htmlFor="orb-account">Trading account</label>
          <select id="orb-account" value={v.tradingAccountId} aria-invalid={errors.trading_account_id ? true : undefined} onChange={(e) => update({ tradingAccountId: e.target.value, instrumentId: '' })}>
            <option value="">Select an account</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label} — {a.platform}
              </option>
            ))}
          </select>
          {errors.trading_account_id && <p className="field-error">{errors.trading_account_id}</p>}
        </div>
        <div className="field">
          <label htmlFor="orb-instrument">Instrument</label>
          <select id="orb-instrument" value={v.instrumentId} disabled={!instruments.data || list.length === 0} onChange={(e) => update({ instrumentId: e.target.value })}>
            {list.length === 0 && <option value="">{instruments.isFetching ? 'Loading instruments…' : 'No instruments'}</option>}
            {list.map((i) => (
              <option key={i.id} value={i.id}>
                {i.symbol} — {i.name}
              </option>
            ))}
          </select>
          {(errors.instrument_id || instrumentError) && <p className="field-error">{errors.instrument_id ?? instrumentError}</p>}
        </div>
      </Card>
      <Card title="ORB Setup">
        <div className="field">
          <label htmlFor="orb-minutes">ORB minutes</label>
          <select id="orb-minutes" value={v.orbMinutes} onChange={(e) => update({ orbMinutes: Number(e.target.value) })}>
            {[5, 15, 30].map((m) => (
              <option key={m} value={m}>
                {m} minutes
              </option>
            ))}
          </select>
        </div>
        <Field label="ORB start (local time)" type="time" step={300} value={v.orbStartLocal} onChange={(e) => update({ orbStartLocal: e.target.value })} error={errors.orb_start_local ?? null} />
        <fieldset className="orb-days">
          <legend>Run days</legend>
          {WEEKDAY_KEYS.map((day) => (
            <label key={day} className="orb-day">
              <input
                type="checkbox"
                checked={v.runDays.includes(day)}
                onChange={(e) => update({ runDays: e.target.checked ? WEEKDAY_KEYS.filter((d) => d === day || v.runDays.includes(d)) : v.runDays.filter((d) => d !== day) })}
              />
              {DAY_LABELS[day]}
            </label>
          ))}
        </fieldset>
      </Card>
      <Card title="Position Setup">
        <Field label="Lot size" type="number" min={0} step={0.01} value={v.lotSize} onChange={(e) => update({ lotSize: e.target.value })} error={errors.lot_size ?? null} />
        <div className="field">
          <label htmlFor="orb-order-type">Order type</label>
          <select id="orb-order-type" value={v.orderType} onChange={(e) => update({ orderType: e.target.value as 'limit' | 'market' })}>
            <option value="limit">Limit</option>
            <option value="market">Market</option>
          </select>
        </div>
        {mode === 'create' && (
          <label className="orb-check">
            <input type="checkbox" checked={v.testMode} onChange={(e) => update({ testMode: e.target.checked })} />
            Test mode: paper trade on live prices, no orders at the broker
          </label>
        )}
      </Card>
      {mode === 'create' && (
        <div className="orb-disclaimer">
          <label className="orb-check">
            <input
              type="checkbox"
              checked={disclaimer}
              onChange={(e) => {
                setDisclaimer(e.target.checked);
                if (e.target.checked) setErrors(({ disclaimer: _gone, ...rest }) => rest);
              }}
            />
            {ALPHAORB_DISCLAIMER}
          </label>
          {errors.disclaimer && <p className="field-error">{errors.disclaimer}</p>}
        </div>
      )}
      {generalError && (
        <p className="field-error" role="alert">
          {generalError}
        </p>
      )}
      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={busy} busyLabel={busyLabel} disabled={mode === 'create' && !disclaimer}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
