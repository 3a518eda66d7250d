import { SESSION_LABELS } from '@th/domain';
import { get, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { CheckboxField, Field, SelectField } from '@/components/field';
import styles from './rules.module.css';

export type RuleField =
  | 'max_daily_loss.mode'
  | 'max_daily_loss.value'
  | 'max_trade_loss'
  | 'max_trades_per_day'
  | 'max_open_lots'
  | 'allowed_sessions'
  | 'cooldown.after_losses'
  | 'cooldown.minutes'
  | 'warn_only';

/** A form's error message at a dotted path (`max_daily_loss.value`, `rules.cooldown.minutes`). */
export function messageAt(errors: FieldErrors, path: string): string | undefined {
  const error: unknown = get(errors, path);
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
}

/** The rule fields an account's form and a preset's form share; each binds them to its own paths. */
export function RulesFields({
  bind,
  errorOf,
  currency,
}: {
  bind: (name: RuleField) => UseFormRegisterReturn;
  /** Also asked for the daily loss as a whole, where "Set at least one rule." lands. */
  errorOf: (name: RuleField | 'max_daily_loss') => string | undefined;
  currency: string;
}) {
  return (
    <>
      <div className={styles.fields}>
        <Field label="Max daily loss" inputMode="decimal" hint="Blank: no daily limit." {...bind('max_daily_loss.value')} error={errorOf('max_daily_loss.value') ?? errorOf('max_daily_loss')} />
        <SelectField label="Daily loss in" {...bind('max_daily_loss.mode')}>
          <option value="money">{currency}</option>
          <option value="percent">% of start-of-day balance</option>
        </SelectField>
        <Field label={`Max loss per trade (${currency})`} inputMode="decimal" {...bind('max_trade_loss')} error={errorOf('max_trade_loss')} />
        <Field label="Max trades per day" inputMode="numeric" {...bind('max_trades_per_day')} error={errorOf('max_trades_per_day')} />
        <Field label="Max open lots" inputMode="decimal" {...bind('max_open_lots')} error={errorOf('max_open_lots')} />
        <Field label="Cool-down after losses in a row" inputMode="numeric" {...bind('cooldown.after_losses')} error={errorOf('cooldown.after_losses')} />
        <Field label="Cool-down minutes" inputMode="numeric" {...bind('cooldown.minutes')} error={errorOf('cooldown.minutes')} />
      </div>
      <fieldset className={`choice-box ${styles.sessions}`}>
        <legend>Allowed sessions (Toronto time; none ticked: any session)</legend>
        {SESSION_LABELS.map((label) => (
          <CheckboxField key={label} label={label} value={label} className={styles.session} {...bind('allowed_sessions')} />
        ))}
        {errorOf('allowed_sessions') && <p className="field-error">{errorOf('allowed_sessions')}</p>}
      </fieldset>
      <CheckboxField label="Warn only (never close positions or lock the account)" className={styles.session} {...bind('warn_only')} />
    </>
  );
}
