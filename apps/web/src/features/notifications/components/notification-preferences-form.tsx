import { useId, useState } from 'react';
import {
  MARKET_EVENT_CURRENCIES,
  MARKET_EVENT_CURRENCY_NAMES,
  MARKET_EVENT_REMINDER_CHOICES,
  NOTIFICATION_KIND_LABELS,
  NotificationPreferences,
  SESSION_REMINDER_CHOICES,
  type NotificationPreferencesResponse,
} from '@th/contracts/notifications';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { CheckboxField, Field, SelectField } from '@/components/field';
import { ApiError, describeError } from '@/lib/api-client';
import { readingFields, showServerErrors, textOrNull, useContractForm } from '@/lib/form';
import { usePutPreferences } from '../api/put-preferences';
import styles from './notification-preferences.module.css';

const schema = readingFields(NotificationPreferences, { quiet_hours_start: textOrNull, quiet_hours_end: textOrNull });

type Values = {
  kinds: Array<{ kind: NotificationPreferencesResponse['data']['kinds'][number]['kind']; in_app: boolean; email: boolean; push: boolean }>;
  session_reminder_minutes: string;
  quiet_hours_start: string;
  quiet_hours_end: string;
  market_event_currencies: string[];
  market_event_reminder_minutes: string;
};

/** How each kind reaches the member (in the platform, by e-mail, by push), reminder minutes and quiet hours. */
export function NotificationPreferencesForm({ preferences }: { preferences: NotificationPreferencesResponse['data'] }) {
  const save = usePutPreferences();
  const [saved, setSaved] = useState(false);
  const form = useContractForm<Values, NotificationPreferences>(schema, {
    kinds: preferences.kinds,
    session_reminder_minutes: String(preferences.session_reminder_minutes),
    quiet_hours_start: preferences.quiet_hours_start ?? '',
    quiet_hours_end: preferences.quiet_hours_end ?? '',
    market_event_currencies: preferences.market_event_currencies,
    market_event_reminder_minutes: String(preferences.market_event_reminder_minutes),
  });
  const currenciesErrorId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const currenciesError = errors.market_event_currencies?.message;

  const onSubmit = handleSubmit((body) => {
    setSaved(false);
    save.mutate(body, {
      onSuccess: () => setSaved(true),
      onError: (error) => showServerErrors(form, error),
    });
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Notification preferences">
      <fieldset className={styles.kinds}>
        <legend>How each kind reaches you</legend>
        <p className="muted">Push reaches the devices where push is on (above).</p>
        {preferences.kinds.map((kind, index) => {
          const name = NOTIFICATION_KIND_LABELS[kind.kind];
          return (
            <div key={kind.kind} className={styles.kind} role="group" aria-label={name}>
              <span className={styles.kindName}>{name}</span>
              <CheckboxField label="In the platform" aria-label={`${name}: in the platform`} {...register(`kinds.${index}.in_app`)} />
              <CheckboxField label="By e-mail" aria-label={`${name}: by e-mail`} {...register(`kinds.${index}.email`)} />
              <CheckboxField label="By push" aria-label={`${name}: by push`} {...register(`kinds.${index}.push`)} />
            </div>
          );
        })}
      </fieldset>
      <SelectField
        label="Remind me before a live session starts"
        {...register('session_reminder_minutes')}
        error={errors.session_reminder_minutes?.message}
      >
        {SESSION_REMINDER_CHOICES.map((minutes) => (
          <option key={minutes} value={String(minutes)}>
            {minutes} minutes before
          </option>
        ))}
      </SelectField>
      <fieldset className={styles.market} aria-describedby={currenciesError ? currenciesErrorId : undefined}>
        <legend>Market event reminders</legend>
        <p className="muted">
          A reminder before each high-impact event of the economic calendar in the currencies you follow, sent as chosen for High-impact market events above. Follow none for no reminders.
        </p>
        <div className={styles.currencies}>
          {MARKET_EVENT_CURRENCIES.map((code) => (
            <CheckboxField
              key={code}
              label={`${code} (${MARKET_EVENT_CURRENCY_NAMES[code]})`}
              value={code}
              {...register('market_event_currencies')}
            />
          ))}
        </div>
        {currenciesError && (
          <p className="field-error" id={currenciesErrorId}>
            {currenciesError}
          </p>
        )}
        <SelectField
          label="Remind me before a high-impact market event"
          {...register('market_event_reminder_minutes')}
          error={errors.market_event_reminder_minutes?.message}
        >
          {MARKET_EVENT_REMINDER_CHOICES.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {minutes} minutes before
            </option>
          ))}
        </SelectField>
      </fieldset>
      <fieldset className={styles.quiet}>
        <legend>Quiet hours</legend>
        <p className="muted">
          E-mail and push wait until quiet hours end; notifications still appear in the platform. Times are in {preferences.time_zone}. Leave both blank for none.
        </p>
        <div className={styles.times}>
          <Field label="Quiet hours start" type="time" {...register('quiet_hours_start')} error={errors.quiet_hours_start?.message} />
          <Field label="Quiet hours end" type="time" {...register('quiet_hours_end')} error={errors.quiet_hours_end?.message} />
        </div>
      </fieldset>
      {saved && <Alert tone="success">Notification preferences saved.</Alert>}
      {save.isError && !(save.error instanceof ApiError && save.error.status === 422) && (
        <Alert tone="error">{describeError(save.error, 'Could not save your preferences. Please try again.')}</Alert>
      )}
      <div>
        <Button type="submit" busy={save.isPending} busyLabel="Saving…">
          Save preferences
        </Button>
      </div>
    </form>
  );
}
