import { useState, type FormEvent } from 'react';
import type { Profile } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field } from '@/components/field';
import { describeError } from '@/lib/api-client';
import {
  credentialsPayload,
  useUpdateCredentials,
  type CredentialsForm,
} from '../api/update-credentials';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';
import styles from './account.module.css';

const EMPTY: CredentialsForm = {
  email: '',
  password: '',
  password_confirmation: '',
  current_password: '',
};

/** The authentication card of Update Details: a new sign-in e-mail and/or password (spec §5). */
export function CredentialsForm({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved: (profile: Profile) => void;
}) {
  const [form, setForm] = useState(EMPTY);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const update = useUpdateCredentials(onSaved);
  const redirectIfSignedOut = useUnauthorizedRedirect();

  const set = (key: keyof CredentialsForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const checked = credentialsPayload(form);
    if ('error' in checked) {
      setResult({ tone: 'error', text: checked.error });
      return;
    }
    update.mutate(checked.payload, {
      onSuccess: () => {
        setForm((current) => ({
          ...current,
          password: '',
          password_confirmation: '',
          current_password: '',
        }));
        setResult({ tone: 'success', text: 'Authentication details updated successfully.' });
      },
      onError: (error) => {
        if (redirectIfSignedOut(error)) return;
        setResult({
          tone: 'error',
          text: describeError(error, (status) =>
            status === null
              ? 'Unable to update authentication details. Please try again.'
              : `Update failed (${status})`,
          ),
        });
      },
    });
  };

  return (
    <Card title="Authentication">
      <form onSubmit={onSubmit} noValidate aria-label="Authentication">
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder={profile.email}
          hint={`You sign in as ${profile.email}. Leave blank to keep it.`}
          value={form.email}
          onChange={set('email')}
        />
        <div className={styles.formGrid}>
          <Field
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
          />
          <Field
            label="Confirm password"
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            value={form.password_confirmation}
            onChange={set('password_confirmation')}
          />
        </div>
        <Field
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          hint="Needed to change your e-mail or password."
          value={form.current_password}
          onChange={set('current_password')}
        />
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        <div className="form-actions">
          <Button type="submit" busy={update.isPending} busyLabel="Updating…">
            Update credentials
          </Button>
        </div>
      </form>
    </Card>
  );
}
