import { useEffect, useEffectEvent } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ALPHAORB_DISCLAIMER, BOT_LABEL_MAX, BotInput, WEEKDAY_KEYS, type BotAccount, type BotValues } from '@th/contracts';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { CheckboxField, Field, SelectField } from '@/components/field';
import { describeError, describeStatus } from '@/lib/api-client';
import { showServerErrors, useContractForm } from '@/lib/form';
import { useAccountInstruments } from '../api/get-account-instruments';
import styles from './alphaorb.module.css';

/** The form's fields, named as the request body (§7.1) so a 422 lands on its field. */
export type BotFormValues = {
  label: string;
  trading_account_id: string;
  instrument_id: string;
  orb_minutes: number;
  orb_start_local: string;
  run_days: (typeof WEEKDAY_KEYS)[number][];
  /** Undefined while the field is empty, so the schema applies the §5.1 default of 1 (not 0). */
  lot_size: string | undefined;
  order_type: 'limit' | 'market';
  max_spread: number | null;
  risk_max_daily_trades: number;
  risk_max_daily_loss: number | null;
  test_mode: boolean;
};

export const DEFAULT_VALUES: BotFormValues = {
  label: '',
  trading_account_id: '',
  instrument_id: '',
  orb_minutes: 5,
  orb_start_local: '09:30',
  run_days: [...WEEKDAY_KEYS],
  lot_size: '1',
  order_type: 'limit',
  max_spread: null,
  risk_max_daily_trades: 1,
  risk_max_daily_loss: null,
  test_mode: false,
};

const NO_INSTRUMENTS = 'No instruments were found for this trading account.';
const DAY_LABELS: Record<string, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** Creating needs the disclaimer ticked (§5.1); it is the form's rule, not the request's. */
const CreateSchema = BotInput.extend({
  disclaimer: z.literal(true, { error: 'Confirm the AlphaORB disclaimer before creating this bot.' }),
});
/** Settings may save a cleared label: it becomes "Unnamed bot" (§5.2), as the form always sent. */
const SettingsSchema = BotInput.extend({
  label: z.string().trim().max(BOT_LABEL_MAX).transform((label) => label || 'Unnamed bot'),
});

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
  /** Sends the body; a rejected 422 puts its messages on the fields. */
  onSubmit: (body: BotValues) => Promise<unknown>;
  onChange?: (values: BotFormValues) => void;
};

export function BotForm({ mode, initial, accounts, submitLabel, busyLabel, busy, serverError, failureText, onCancel, onSubmit, onChange }: Props) {
  // The account defaults to the only one (§5.1).
  const only = accounts.length === 1 ? accounts[0] : undefined;
  const form = useContractForm<BotFormValues & { disclaimer: boolean }, BotValues & { disclaimer?: true }>(mode === 'create' ? CreateSchema : SettingsSchema, {
    ...initial,
    trading_account_id: initial.trading_account_id || only?.id || '',
    disclaimer: mode === 'settings',
  });
  const { control, register, getValues, setValue, subscribe, formState } = form;
  const errors = formState.errors;
  const accountId = useWatch({ control, name: 'trading_account_id' });
  const disclaimer = useWatch({ control, name: 'disclaimer' });
  const instruments = useAccountInstruments(accountId);
  const list = instruments.data ?? [];

  // The parent sees the values from the first render on (the Backtest panel replays the saved
  // settings before any edit), and after every change; a copy, since the form mutates its own.
  const reportChange = useEffectEvent((values: BotFormValues) => onChange?.({ ...values }));
  useEffect(() => {
    reportChange(getValues());
    return subscribe({ formState: { values: true }, callback: ({ values }) => reportChange(values) });
  }, [getValues, subscribe]);

  // A new list: keep the instrument if it is there, else the first one (§4.2, §5.1).
  useEffect(() => {
    if (instruments.data && !instruments.data.some((i) => i.id === getValues('instrument_id'))) {
      setValue('instrument_id', instruments.data[0]?.id ?? '');
    }
  }, [instruments.data, getValues, setValue]);

  // The spec's words (tools §4.2), by status: a 404 means the account has none.
  const instrumentError = instruments.error
    ? describeStatus(instruments.error, (status) =>
        status === null
          ? 'Unable to load instruments for this account.'
          : status === 404
            ? NO_INSTRUMENTS
            : `Unable to load instruments (${status})`,
      )
    : instruments.data && instruments.data.length === 0
      ? NO_INSTRUMENTS
      : null;

  const submit = form.handleSubmit(async ({ disclaimer: _confirmed, ...body }) => {
    try {
      await onSubmit(body);
    } catch (error) {
      // Other failures are worded below from serverError, the mutation's own error.
      showServerErrors(form, error);
    }
  });

  const generalError = serverError
    ? describeError(serverError, (status) => (status === 422 ? 'Please review the highlighted fields.' : failureText(status)))
    : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Standard Settings">
      <h2 className={styles.formTitle}>Standard Settings</h2>
      <Card title="Identity Setup">
        <Field label="Bot label" maxLength={BOT_LABEL_MAX} {...register('label')} error={errors.label?.message} />
        <SelectField label="Trading account" {...register('trading_account_id', { onChange: () => setValue('instrument_id', '') })} error={errors.trading_account_id?.message}>
          <option value="">Select an account</option>
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label} — {a.platform}
            </option>
          ))}
        </SelectField>
        {/* Controlled: its options arrive after the value, which an uncontrolled select would drop. */}
        <Controller
          control={control}
          name="instrument_id"
          render={({ field }) => (
            <SelectField label="Instrument" {...field} disabled={!instruments.data || list.length === 0} error={errors.instrument_id?.message ?? instrumentError}>
              {list.length === 0 && <option value="">{instruments.isFetching ? 'Loading instruments…' : 'No instruments'}</option>}
              {list.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.symbol} — {i.name}
                </option>
              ))}
            </SelectField>
          )}
        />
      </Card>
      <Card title="ORB Setup">
        <SelectField label="ORB minutes" {...register('orb_minutes', { valueAsNumber: true })}>
          {[5, 15, 30].map((m) => (
            <option key={m} value={m}>
              {m} minutes
            </option>
          ))}
        </SelectField>
        <Field label="ORB start (local time)" type="time" step={300} {...register('orb_start_local')} error={errors.orb_start_local?.message} />
        <fieldset className={styles.days}>
          <legend>Run days</legend>
          {WEEKDAY_KEYS.map((day) => (
            <CheckboxField key={day} className={styles.day} label={DAY_LABELS[day]} value={day} {...register('run_days')} />
          ))}
        </fieldset>
      </Card>
      <Card title="Position Setup">
        <Field label="Lot size" type="number" min={0} step={0.01} {...register('lot_size', { setValueAs: (v: string) => (v === '' ? undefined : v) })} error={errors.lot_size?.message} />
        <SelectField label="Order type" {...register('order_type')}>
          <option value="limit">Limit</option>
          <option value="market">Market</option>
        </SelectField>
        {mode === 'create' && <CheckboxField className={styles.check} label="Test mode: paper trade on live prices, no orders at the broker" {...register('test_mode')} />}
      </Card>
      {mode === 'create' && (
        <div className={styles.disclaimer}>
          <CheckboxField className={styles.check} label={ALPHAORB_DISCLAIMER} {...register('disclaimer')} error={errors.disclaimer?.message} />
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
