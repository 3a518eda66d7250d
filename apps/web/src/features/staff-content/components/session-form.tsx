import { Controller } from 'react-hook-form';
import { DEFAULT_SESSION_TIME_ZONE } from '@th/domain';
import { StaffSessionInput, type StaffSession } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { CheckboxField, Field, SelectField, TextareaField } from '@/components/field';
import { describeError } from '@/lib/api-client';
import { textOrNull, lines, readingFields, showServerErrors, typedNumber, useContractForm } from '@/lib/form';
import { useSaveSession } from '../api/sessions';
import { ImageField } from './image-field';
import styles from './staff-content.module.css';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ZONES = ['America/Toronto', 'America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London', 'Asia/Tokyo', 'UTC'];
const hhmm = (clock: { hour: number; minute: number } | null) =>
  clock ? `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}` : '';

const SessionSchema = readingFields(StaffSessionInput, {
  schedule_text: textOrNull,
  // The checked boxes' values, in day order.
  days: (value) => (Array.isArray(value) ? value.map(Number) : value),
  start_time: textOrNull,
  end_time: textOrNull,
  // Typed as it reads on the invite, with spaces.
  meeting_number: (value) => (typeof value === 'string' ? value.replace(/\s/g, '') || null : value),
  passcode: textOrNull,
  expectations: lines,
  image: textOrNull,
  sort_order: typedNumber,
});

type SessionFields = {
  type: 'live' | 'recap';
  title: string;
  schedule_text: string;
  /** Checkbox values are text: '0' (Sunday) to '6'. */
  days: string[];
  start_time: string;
  end_time: string;
  timezone: string;
  meeting_number: string;
  passcode: string;
  expectations: string;
  image: string;
  sort_order: string;
  published: boolean;
  replay_publishing: 'draft' | 'published';
};

const fieldsOf = (session: StaffSession | undefined): SessionFields => ({
  type: session?.type ?? 'live',
  title: session?.title ?? '',
  schedule_text: session?.schedule_text ?? '',
  days: (session?.days ?? [1, 2, 3, 4, 5]).map(String),
  start_time: hhmm(session?.time ?? null),
  end_time: hhmm(session?.time_end ?? null),
  timezone: session?.timezone ?? DEFAULT_SESSION_TIME_ZONE,
  meeting_number: session?.meeting_number ?? '',
  passcode: session?.passcode ?? '',
  expectations: (session?.expectations ?? []).join('\n'),
  image: session?.image ?? '',
  sort_order: String(session?.sort_order ?? 0),
  published: session?.published ?? true,
  replay_publishing: session?.replay_publishing ?? 'draft',
});

type Props = { session?: StaffSession; onSaved?: (session: StaffSession) => void };

/** A session's schedule, meeting details and what members can expect. */
export function SessionForm({ session, onSaved }: Props) {
  const initial = fieldsOf(session);
  const form = useContractForm(SessionSchema, initial);
  const { register, control, formState } = form;
  const errors = formState.errors;
  const save = useSaveSession(session?.id ?? null);

  const submit = form.handleSubmit((input) =>
    save.mutate(input, { onSuccess: (answer) => onSaved?.(answer.data), onError: (error) => showServerErrors(form, error) }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <div className="field-grid">
        <SelectField label="Type" {...register('type')}>
          <option value="live">Live session</option>
          <option value="recap">Recap collection</option>
        </SelectField>
        <Field label="Session title" {...register('title')} error={errors.title?.message} />
        <Field label="Schedule text" hint="As members read it, e.g. New York · 9:15 AM Eastern · Monday to Friday" {...register('schedule_text')} error={errors.schedule_text?.message} />
      </div>
      <fieldset className="check-group">
        <legend>Days</legend>
        <div className={styles.days}>
          {DAYS.map((name, day) => (
            <CheckboxField key={name} label={name} value={String(day)} {...register('days')} />
          ))}
        </div>
      </fieldset>
      <div className="field-grid">
        <Field label="Start time" type="time" {...register('start_time')} error={errors.start_time?.message} />
        <Field label="End time" type="time" {...register('end_time')} error={errors.end_time?.message} />
        <SelectField label="Time zone" {...register('timezone')} error={errors.timezone?.message}>
          {[...new Set([initial.timezone, ...ZONES])].map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
        <Field label="Meeting number" inputMode="numeric" {...register('meeting_number')} error={errors.meeting_number?.message} />
        <Field label="Passcode" autoComplete="off" {...register('passcode')} error={errors.passcode?.message} />
        <Field label="Sort order" inputMode="numeric" {...register('sort_order')} error={errors.sort_order?.message} />
        <SelectField label="Replays recorded in Zoom" {...register('replay_publishing')}>
          <option value="draft">Arrive as drafts for staff to publish</option>
          <option value="published">Are published at once</option>
        </SelectField>
      </div>
      <TextareaField label="What to expect (one per line)" rows={4} {...register('expectations')} error={errors.expectations?.message} />
      <Controller control={control} name="image" render={({ field }) => <ImageField label="Session image" value={field.value} onChange={field.onChange} error={errors.image?.message} />} />
      <CheckboxField label="Published (shown on the sessions page)" {...register('published')} />
      {save.error && <Alert tone="error">{describeError(save.error, 'Unable to save the session.')}</Alert>}
      {save.isSuccess && session && <Alert tone="success">{save.data.message}</Alert>}
      <div className="form-actions">
        <Button type="submit" busy={save.isPending} busyLabel="Saving…">
          {session ? 'Save session' : 'Create session'}
        </Button>
      </div>
    </form>
  );
}
