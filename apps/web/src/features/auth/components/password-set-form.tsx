import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { PasswordResetRequest } from '@th/contracts/auth';
import { Email } from '@th/contracts/common';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { paths } from '@/config/paths';
import { readingFields, showServerErrors, useContractForm } from '@/lib/form';
import { requestFailure, useResetPassword } from '../api/password-requests';

export const REDIRECT_AFTER_SUCCESS_MS = 2000;

const TEXT = {
  reset: {
    title: 'Reset Password',
    submit: 'Reset password',
    missingToken: 'Reset token is missing or invalid.',
    success: 'Password successfully reset! You can now sign in with your new password.',
    failure: 'Unable to reset password. Please try again.',
  },
  invite: {
    title: 'Complete Your Invite',
    submit: 'Complete invite',
    missingToken: 'Invite token is missing or invalid.',
    success: 'Invite accepted! You can now sign in with your new password.',
    failure: 'Unable to complete invite. Please try again.',
  },
} as const;

/** Links pasted from some mail clients turn '+' into spaces; spec §5 turns them back. */
export function normaliseToken(raw: string | null | undefined): string {
  return (raw ?? '').trim().replace(/ /g, '+');
}

const COMPLETE_ALL = 'Please complete all fields.';
/** A blank password box is a missing password: 'Please complete all fields.' (spec §5). */
const missingIfBlank = (value: unknown) => (value === '' ? undefined : value);

/**
 * The reset request's schema with spec §5's words: a blank e-mail is one of "all fields", and
 * a missing token names its flow. The token is no field: it comes from the link.
 */
const requestSchema = (kind: 'reset' | 'invite') =>
  readingFields(
    PasswordResetRequest.safeExtend({
      email: z.string().trim().min(1, COMPLETE_ALL).pipe(Email),
      token: z.string().trim().min(1, TEXT[kind].missingToken).pipe(PasswordResetRequest.shape.token),
    }),
    { password: missingIfBlank, password_confirmation: missingIfBlank },
  );

/** The order spec §5 checks in: the fields, their match, then the token. */
const CHECK_ORDER = ['email', 'password', 'password_confirmation', 'token'] as const;

type Props = { kind: 'reset' | 'invite'; token: string; initialEmail: string };

export function PasswordSetForm({ kind, token, initialEmail }: Props) {
  const text = TEXT[kind];
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [schema] = useState(() => requestSchema(kind));
  const form = useContractForm(schema, { email: initialEmail, password: '', password_confirmation: '' }, { token: normaliseToken(token) });
  const { register, formState } = form;
  const errors = formState.errors;
  const [error, setError] = useState<string | null>(null);
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const done = doneFor !== null;

  useEffect(() => {
    if (doneFor === null) return;
    const timer = setTimeout(() => void navigate(`${paths.login}?email=${encodeURIComponent(doneFor)}`), REDIRECT_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [doneFor, navigate]);

  const send = form.handleSubmit(
    (body) =>
      reset.mutate(body, {
        onSuccess: () => setDoneFor(body.email),
        onError: (failure) => {
          showServerErrors(form, failure);
          setError(requestFailure(failure, text.failure));
        },
      }),
    // One message at a time under the form, as when only the server checked them.
    (invalid: Partial<Record<(typeof CHECK_ORDER)[number], { message?: string }>>) =>
      setError(CHECK_ORDER.map((name) => invalid[name]?.message).find(Boolean) ?? null),
  );

  return (
    <form
      className="card auth-card"
      onSubmit={(event) => {
        setError(null);
        void send(event);
      }}
      noValidate
      aria-labelledby="password-set-title"
    >
      <h1 id="password-set-title">{text.title}</h1>
      <Field label="Email" type="email" autoComplete="username" {...register('email')} error={errors.email?.message} errorShown={errors.email?.message !== error} />
      <Field
        label={kind === 'reset' ? 'New password' : 'Password'}
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        {...register('password')}
        error={errors.password?.message}
        errorShown={errors.password?.message !== error}
      />
      <Field label="Confirm password" type="password" autoComplete="new-password" {...register('password_confirmation')} error={errors.password_confirmation?.message} errorShown={errors.password_confirmation?.message !== error} />
      {error && <Alert tone="error">{error}</Alert>}
      {done && <Alert tone="success">{text.success}</Alert>}
      <Button type="submit" busy={reset.isPending} busyLabel="Saving…" disabled={done}>
        {text.submit}
      </Button>
      <div className="auth-links">
        <Link to={paths.login}>Back to sign in</Link>
      </div>
    </form>
  );
}
