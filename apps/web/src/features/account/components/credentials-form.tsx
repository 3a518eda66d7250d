import { useState } from 'react';
import { UpdateAuthRequest, type Profile } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field } from '@/components/field';
import { describeError } from '@/lib/api-client';
import { readingFields, showServerErrors, useContractForm } from '@/lib/form';
import { useUpdateCredentials } from '../api/update-credentials';
import styles from './account.module.css';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

/** Spec §5: a blank box is a value left as it is, not sent. */
const omitBlank = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);
const leftBlank = (value: unknown) => (value === '' ? undefined : value);
const CredentialsSchema = readingFields(UpdateAuthRequest, {
  email: omitBlank,
  password: leftBlank,
  password_confirmation: leftBlank,
});

/** The order spec §5 states the form's rules in; the current password, which the server asks for, last. */
const CHECK_ORDER = ['password_confirmation', 'password', 'email', 'username', 'current_password'] as const;

const EMPTY = { email: '', password: '', password_confirmation: '', current_password: '' };

/** The authentication card of Update Details: a new sign-in e-mail and/or password (spec §5). */
export function CredentialsForm({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved: (profile: Profile) => void;
}) {
  const form = useContractForm(CredentialsSchema, EMPTY);
  const { register, formState } = form;
  const errors = formState.errors;
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const update = useUpdateCredentials(onSaved);
  const redirectIfSignedOut = useUnauthorizedRedirect();

  const send = form.handleSubmit(
    // A new e-mail is sent as the username too (spec §5).
    (body) =>
      update.mutate(body.email ? { ...body, username: body.email } : body, {
        onSuccess: () => {
          form.reset({ ...form.getValues(), password: '', password_confirmation: '', current_password: '' });
          setResult({ tone: 'success', text: 'Authentication details updated successfully.' });
        },
        onError: (error) => {
          if (redirectIfSignedOut(error)) return;
          showServerErrors(form, error);
          setResult({
            tone: 'error',
            text: describeError(error, (status) =>
              status === null
                ? 'Unable to update authentication details. Please try again.'
                : `Update failed (${status})`,
            ),
          });
        },
      }),
    // One rule at a time under the form, as when only the server checked them.
    (invalid: Partial<Record<(typeof CHECK_ORDER)[number], { message?: string }>>) =>
      setResult({ tone: 'error', text: CHECK_ORDER.map((name) => invalid[name]?.message).find(Boolean) ?? '' }),
  );

  return (
    <Card title="Authentication">
      <form
        onSubmit={(event) => {
          // Each try starts without the last one's result.
          setResult(null);
          void send(event);
        }}
        noValidate
        aria-label="Authentication"
      >
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          placeholder={profile.email}
          hint={`You sign in as ${profile.email}. Leave blank to keep it.`}
          {...register('email')}
          error={errors.email?.message}
        />
        <div className={styles.formGrid}>
          <Field label="New password" type="password" autoComplete="new-password" {...register('password')} error={errors.password?.message} />
          <Field
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            {...register('password_confirmation')}
            error={errors.password_confirmation?.message}
          />
        </div>
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="Needed to change your e-mail or password."
          {...register('current_password')}
          error={errors.current_password?.message}
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
