import { useState, type FormEvent } from 'react';
import type { BacktestSettingsInput } from '@th/contracts/backtests';
import { FILL_MODEL_DESCRIPTION } from '@th/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field } from '@/components/field';
import { ApiError } from '@/lib/api-client';
import { useCreateBacktest } from '../api/create-backtest';
import { useBacktest } from '../api/get-backtest';
import { buildRequest, defaultDraft, maxEndFor, panelErrors, todayIso, type BacktestDraft, type FieldErrors } from '../utils/backtest-form';
import { BacktestProgress } from './backtest-progress';
import { BacktestResults } from './backtest-results';
import styles from './backtests.module.css';

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
  const [draft, setDraft] = useState<BacktestDraft>(() => defaultDraft());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [backtestId, setBacktestId] = useState<string | null>(null);
  const create = useCreateBacktest();
  const current = useBacktest(backtestId);
  const backtest = current.data?.backtest ?? null;
  const running = backtest !== null && (backtest.status === 'queued' || backtest.status === 'running');
  const today = todayIso();

  const set = (field: keyof BacktestDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const request = buildRequest(draft, instrument, settings);
    if (request.errors) {
      setErrors(request.errors);
      return;
    }
    setErrors({});
    create.mutate(request.input, {
      onSuccess: (created) => setBacktestId(created.backtest.id),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422) setErrors(panelErrors(error.fieldErrors));
      },
    });
  }

  const startError =
    create.error && !(create.error instanceof ApiError && create.error.status === 422)
      ? create.error instanceof ApiError
        ? create.error.describe(`Failed to start the backtest (${create.error.status})`)
        : 'Unable to start the backtest. Check your connection and try again.'
      : null;

  return (
    <Card className={styles.panel} aria-labelledby="backtest-title">
      <div className="card-header">
        <h2 className="card-title" id="backtest-title">
          Backtest
        </h2>
      </div>
      <p className={`${styles.intro} muted`}>
        See how these settings would have traded{instrument ? ` ${instrument}` : ''} over a past range (up to 2 years),
        on one-minute bars, with the same rules the bot runs live.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.fields}>
          <Field label="From" type="date" value={draft.from} max={today} required error={errors.from} onChange={(e) => set('from')(e.target.value)} />
          <Field
            label="To"
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            max={maxEndFor(draft.from, today)}
            required
            error={errors.to}
            onChange={(e) => set('to')(e.target.value)}
          />
          <Field
            label="Commission per lot"
            hint="Money per lot, per round turn."
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={draft.commission}
            error={errors.commission}
            onChange={(e) => set('commission')(e.target.value)}
          />
          <Field
            label="Entry slippage (points)"
            hint="Against you on market entries and session-close exits."
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={draft.entrySlippage}
            error={errors.entrySlippage}
            onChange={(e) => set('entrySlippage')(e.target.value)}
          />
          <Field
            label="Stop slippage (points)"
            hint="Against you when a stop fills."
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={draft.stopSlippage}
            error={errors.stopSlippage}
            onChange={(e) => set('stopSlippage')(e.target.value)}
          />
        </div>
        {errors.instrument && <Alert tone="error">{errors.instrument}</Alert>}
        {errors.settings && <Alert tone="error">Check the bot settings above: {errors.settings}</Alert>}
        {startError && <Alert tone="error">{startError}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" busy={create.isPending || running} busyLabel={running ? 'Running…' : 'Starting…'}>
            Run backtest
          </Button>
        </div>
      </form>

      {backtestId !== null && current.isError && (
        <Alert tone="error">
          {current.error instanceof ApiError
            ? `Failed to load the backtest (${current.error.status})`
            : 'Unable to load the backtest. Check your connection.'}
        </Alert>
      )}
      {backtest && running && <BacktestProgress status={backtest.status} progress={backtest.progress} />}
      {backtest?.status === 'failed' && <Alert tone="error">{backtest.error ?? 'The backtest failed.'}</Alert>}
      {backtest?.status === 'done' && backtest.result && <BacktestResults backtest={backtest} result={backtest.result} />}

      <p className={styles.fillModel}>
        <strong>Fill model.</strong> {FILL_MODEL_DESCRIPTION}
      </p>
    </Card>
  );
}
