import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { UpdateDetailsRequest, type Profile } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field, SelectField } from '@/components/field';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/api-client';
import { readingFields, showServerErrors, useContractForm } from '@/lib/form';
import { useUpdateDetails, type DetailsForm } from '../api/update-details';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';
import styles from './account.module.css';

/** Spec §5: every field optional; an empty one is left out of the payload. */
const omitBlank = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);
const DetailsSchema = readingFields(UpdateDetailsRequest, {
  first_name: omitBlank,
  last_name: omitBlank,
  birthday: omitBlank,
  phone: omitBlank,
  timezone: omitBlank,
});

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
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const form = useContractForm(DetailsSchema, initialForm(profile));
  const { register, control, formState } = form;
  const errors = formState.errors;
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const update = useUpdateDetails(onSaved);
  const redirectIfSignedOut = useUnauthorizedRedirect();
  const timezone = useWatch({ control, name: 'timezone' });
  const zones = useMemo(() => timeZones(timezone), [timezone]);

  const send = form.handleSubmit((payload) =>
    update.mutate(payload, {
      onSuccess: () => setResult({ tone: 'success', text: 'Details updated successfully.' }),
      onError: (error) => {
        if (redirectIfSignedOut(error)) return;
        showServerErrors(form, error);
        setResult({
          tone: 'error',
          text: describeError(error, (status) =>
            status === null
              ? 'Unable to update details. Please try again.'
              : `Update failed (${status})`,
          ),
        });
      },
    }),
    // The card words a refused value in its alert, as when only the server checked it.
    (invalid) => setResult({ tone: 'error', text: Object.values(invalid).find((error) => error?.message)?.message ?? '' }),
  );

  return (
    <Card title="Profile">
      <form
        onSubmit={(event) => {
          // Each try starts without the last one's result.
          setResult(null);
          void send(event);
        }}
        noValidate
        aria-label="Profile"
      >
        <div className={styles.formGrid}>
          <Field label="First name" autoComplete="given-name" {...register('first_name')} error={errors.first_name?.message} />
          <Field label="Last name" autoComplete="family-name" {...register('last_name')} error={errors.last_name?.message} />
          <Field label="Birthday" type="date" autoComplete="bday" min="1900-01-01" max={new Date().toISOString().slice(0, 10)} {...register('birthday')} error={errors.birthday?.message} />
          <Field label="Phone" type="tel" autoComplete="tel" {...register('phone')} error={errors.phone?.message} />
          <SelectField label="Time zone" hint="Dates and times across the platform are shown in this zone." {...register('timezone')} error={errors.timezone?.message}>
            <option value="">Not set (Toronto time)</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </SelectField>
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
