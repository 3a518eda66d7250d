import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { BacktestInput, type BacktestSettingsInput } from '@th/contracts/backtests';
import { FILL_MODEL_DESCRIPTION } from '@th/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field } from '@/components/field';
import { ApiError, describeError } from '@/lib/api-client';
import { showServerErrors, useContractForm } from '@/lib/form';
import { useCreateBacktest } from '../api/create-backtest';
import { useBacktest } from '../api/get-backtest';
import { defaultDraft, maxEndFor, todayIso } from '../utils/backtest-form';
import { BacktestProgress } from './backtest-progress';
import { BacktestResults } from './backtest-results';
import styles from './backtests.module.css';

/** Errors on the settings sit at their own paths (settings.lot_size): the first message. */
function firstMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const [key, nested] of Object.entries(error)) {
    const message = key === 'ref' ? undefined : firstMessage(nested);
    if (message) return message;
  }
  return undefined;
}

type Props = {
  /** The bot form's current trading settings: the backtest replays exactly these. */
  settings: BacktestSettingsInput;
  /** The bot's instrument symbol (e.g. NAS100); null until one is chosen. */
  instrument: string | null;
};

/**
 * The Backtest panel of the bot screens: how the settings on the form would have traded over a
 * past range, run by the same engine as live runs, on the broker's one-minute bars.
 */
export function BacktestPanel({ settings, instrument }: Props) {
  // The instrument and settings come from the bot form: not fields here, but checked with the
  // range (the latest ones, passed outside) and named in the values so their 422s land too.
  const outside = { instrument: instrument ?? '', settings };
  const form = useContractForm(BacktestInput, { ...defaultDraft(), ...outside }, outside);
  const { register, control, clearErrors, formState } = form;
  const errors = formState.errors;
  const from = useWatch({ control, name: 'from' });
  const [backtestId, setBacktestId] = useState<string | null>(null);
  const create = useCreateBacktest();
  const current = useBacktest(backtestId);
  const backtest = current.data?.backtest ?? null;
  const running =
    backtest !== null && (backtest.status === 'queued' || backtest.status === 'running');
  const today = todayIso();
  // A field's message goes as soon as the member changes it.
  const field = (name: 'from' | 'to' | 'commission_per_lot' | 'entry_slippage' | 'stop_slippage') => register(name, { onChange: () => clearErrors(name) });

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (created) => setBacktestId(created.backtest.id),
      onError: (error) => showServerErrors(form, error),
    }),
  );
  const settingsError = firstMessage(errors.settings);

  const startError =
    create.error && !(create.error instanceof ApiError && create.error.status === 422)
      ? describeError(create.error, (status) =>
          status === null
            ? 'Unable to start the backtest. Check your connection and try again.'
            : `Failed to start the backtest (${status})`,
        )
      : null;

  return (
    <Card className={styles.panel} aria-labelledby="backtest-title">
      <div className="card-header">
        <h2 className="card-title" id="backtest-title">
          Backtest
        </h2>
      </div>
      <p className={`${styles.intro} muted`}>
        See how these settings would have traded{instrument ? ` ${instrument}` : ''} over a past
        range (up to 2 years), on one-minute bars, with the same rules the bot runs live.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.fields}>
          <Field label="From" type="date" max={today} required {...field('from')} error={errors.from?.message} />
          <Field label="To" type="date" min={from || undefined} max={maxEndFor(from, today)} required {...field('to')} error={errors.to?.message} />
          <Field label="Commission per lot" hint="Money per lot, per round turn." type="number" inputMode="decimal" min={0} step="any" {...field('commission_per_lot')} error={errors.commission_per_lot?.message} />
          <Field label="Entry slippage (points)" hint="Against you on market entries and session-close exits." type="number" inputMode="decimal" min={0} step="any" {...field('entry_slippage')} error={errors.entry_slippage?.message} />
          <Field label="Stop slippage (points)" hint="Against you when a stop fills." type="number" inputMode="decimal" min={0} step="any" {...field('stop_slippage')} error={errors.stop_slippage?.message} />
        </div>
        {errors.instrument && <Alert tone="error">{errors.instrument.message}</Alert>}
        {settingsError && <Alert tone="error">Check the bot settings above: {settingsError}</Alert>}
        {startError && <Alert tone="error">{startError}</Alert>}
        <div className={styles.actions}>
          <Button
            type="submit"
            busy={create.isPending || running}
            busyLabel={running ? 'Running…' : 'Starting…'}
          >
            Run backtest
          </Button>
        </div>
      </form>

      {backtestId !== null && current.isError && (
        <Alert tone="error">
          {describeError(current.error, (status) =>
            status === null ? 'Unable to load the backtest. Check your connection.' : `Failed to load the backtest (${status})`,
          )}
        </Alert>
      )}
      {backtest && running && (
        <BacktestProgress status={backtest.status} progress={backtest.progress} />
      )}
      {backtest?.status === 'failed' && (
        <Alert tone="error">{backtest.error ?? 'The backtest failed.'}</Alert>
      )}
      {backtest?.status === 'done' && backtest.result && (
        <BacktestResults backtest={backtest} result={backtest.result} />
      )}

      <p className={styles.fillModel}>
        <strong>Fill model.</strong> {FILL_MODEL_DESCRIPTION}
      </p>
    </Card>
  );
}
