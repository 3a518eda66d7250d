import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Profile } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field } from '@/components/field';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/api-client';
import { detailsPayload, useUpdateDetails, type DetailsForm } from '../api/update-details';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

const initialForm = (profile: Profile): DetailsForm => ({
  first_name: profile.first_name ?? '',
  last_name: profile.last_name ?? '',
  birthday: profile.birthday?.slice(0, 10) ?? '',
  phone: profile.phone ?? '',
  timezone: profile.timezone ?? '',
});

function timeZones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !all.includes(current) ? [current, ...all] : all;
}

/** The profile card of Update Details (spec §5: empty fields are left out of the payload). */
export function ProfileForm({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved: (profile: Profile) => void;
}) {
  const [form, setForm] = useState(() => initialForm(profile));
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const update = useUpdateDetails(onSaved);
  const redirectIfSignedOut = useUnauthorizedRedirect();
  const zones = useMemo(() => timeZones(form.timezone), [form.timezone]);
  const zoneId = useId();

  const set = (key: keyof DetailsForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    update.mutate(detailsPayload(form), {
      onSuccess: () => setResult({ tone: 'success', text: 'Details updated successfully.' }),
      onError: (error) => {
        if (redirectIfSignedOut(error)) return;
        setResult({
          tone: 'error',
          text: describeError(error, (status) =>
            status === null
              ? 'Unable to update details. Please try again.'
              : `Update failed (${status})`,
          ),
        });
      },
    });
  };

  return (
    <Card title="Profile">
      <form onSubmit={onSubmit} noValidate aria-label="Profile">
        <div className="form-grid">
          <Field
            label="First name"
            name="first_name"
            autoComplete="given-name"
            value={form.first_name}
            onChange={set('first_name')}
          />
          <Field
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            value={form.last_name}
            onChange={set('last_name')}
          />
          <Field
            label="Birthday"
            name="birthday"
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={new Date().toISOString().slice(0, 10)}
            value={form.birthday}
            onChange={set('birthday')}
          />
          <Field
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            value={form.phone}
            onChange={set('phone')}
          />
          <div className="field">
            <label htmlFor={zoneId}>Time zone</label>
            <select
              id={zoneId}
              name="timezone"
              value={form.timezone}
              onChange={set('timezone')}
              aria-describedby={`${zoneId}-hint`}
            >
              <option value="">Not set (Toronto time)</option>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
            <p className="field-hint" id={`${zoneId}-hint`}>
              Dates and times across the platform are shown in this zone.
            </p>
          </div>
        </div>
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        <div className="form-actions">
          <Link to={paths.account} className="btn btn-secondary">
            Cancel
          </Link>
          <Button type="submit" busy={update.isPending} busyLabel="Saving…">
            Save changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
