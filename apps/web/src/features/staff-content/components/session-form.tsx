import { useState, type FormEvent } from 'react';
import { DEFAULT_SESSION_TIME_ZONE } from '@th/domain';
import type { StaffSession, StaffSessionInput } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { ApiError, describeError } from '@/lib/api-client';
import { useSaveSession } from '../api/sessions';
import { ImageField } from './image-field';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ZONES = ['America/Toronto', 'America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London', 'Asia/Tokyo', 'UTC'];
const hhmm = (clock: { hour: number; minute: number } | null) =>
  clock ? `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}` : '';

const draftOf = (session: StaffSession | undefined) => ({
  type: session?.type ?? ('live' as 'live' | 'recap'),
  title: session?.title ?? '',
  schedule_text: session?.schedule_text ?? '',
  days: session?.days ?? [1, 2, 3, 4, 5],
  start_time: hhmm(session?.time ?? null),
  end_time: hhmm(session?.time_end ?? null),
  timezone: session?.timezone ?? DEFAULT_SESSION_TIME_ZONE,
  meeting_number: session?.meeting_number ?? '',
  passcode: session?.passcode ?? '',
  expectations: (session?.expectations ?? []).join('\n'),
  image: session?.image ?? '',
  sort_order: String(session?.sort_order ?? 0),
  published: session?.published ?? true,
});

type Props = { session?: StaffSession; onSaved?: (session: StaffSession) => void };

/** A session's schedule, meeting details and what members can expect. */
export function SessionForm({ session, onSaved }: Props) {
  const [form, setForm] = useState(() => draftOf(session));
  const save = useSaveSession(session?.id ?? null);
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));
  const toggleDay = (day: number) =>
    set({ days: form.days.includes(day) ? form.days.filter((d) => d !== day) : [...form.days, day].sort() });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: StaffSessionInput = {
      type: form.type,
      title: form.title,
      schedule_text: form.schedule_text || null,
      days: form.days,
      start_time: form.start_time || null,
      end_time: form.end_time || null,
      timezone: form.timezone,
      meeting_number: form.meeting_number.replace(/\s/g, '') || null,
      passcode: form.passcode || null,
      expectations: form.expectations.split('\n').map((line) => line.trim()).filter(Boolean),
      image: form.image || null,
      sort_order: Number(form.sort_order) || 0,
      published: form.published,
    };
    save.mutate(input, { onSuccess: (answer) => onSaved?.(answer.data) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className="staff-form-grid">
        <div className="field">
          <label htmlFor="session-type">Type</label>
          <select id="session-type" value={form.type} onChange={(e) => set({ type: e.target.value as 'live' | 'recap' })}>
            <option value="live">Live session</option>
            <option value="recap">Recap collection</option>
          </select>
        </div>
        <Field label="Session title" value={form.title} onChange={(e) => set({ title: e.target.value })} error={errors.title?.[0]} />
        <Field label="Schedule text" hint="As members read it, e.g. New York · 9:15 AM Eastern · Monday to Friday" value={form.schedule_text} onChange={(e) => set({ schedule_text: e.target.value })} />
      </div>
      <fieldset className="staff-checks">
        <legend>Days</legend>
        <div className="staff-days">
          {DAYS.map((name, day) => (
            <label key={name}>
              <input type="checkbox" checked={form.days.includes(day)} onChange={() => toggleDay(day)} /> {name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="staff-form-grid">
        <Field label="Start time" type="time" value={form.start_time} onChange={(e) => set({ start_time: e.target.value })} error={errors.start_time?.[0]} />
        <Field label="End time" type="time" value={form.end_time} onChange={(e) => set({ end_time: e.target.value })} error={errors.end_time?.[0]} />
        <div className="field">
          <label htmlFor="session-zone">Time zone</label>
          <select id="session-zone" value={form.timezone} onChange={(e) => set({ timezone: e.target.value })}>
            {[...new Set([form.timezone, ...ZONES])].map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </div>
        <Field label="Meeting number" inputMode="numeric" value={form.meeting_number} onChange={(e) => set({ meeting_number: e.target.value })} error={errors.meeting_number?.[0]} />
        <Field label="Passcode" autoComplete="off" value={form.passcode} onChange={(e) => set({ passcode: e.target.value })} error={errors.passcode?.[0]} />
        <Field label="Sort order" inputMode="numeric" value={form.sort_order} onChange={(e) => set({ sort_order: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="session-expectations">What to expect (one per line)</label>
        <textarea id="session-expectations" rows={4} value={form.expectations} onChange={(e) => set({ expectations: e.target.value })} />
      </div>
      <ImageField label="Session image" value={form.image} onChange={(image) => set({ image })} error={errors.image?.[0]} />
      <label className="staff-check">
        <input type="checkbox" checked={form.published} onChange={(e) => set({ published: e.target.checked })} /> Published (shown on the sessions page)
      </label>
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
