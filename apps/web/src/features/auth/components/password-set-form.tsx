import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { paths } from '@/config/paths';
import { useResetPassword } from '../api/password-requests';

export const REDIRECT_AFTER_SUCCESS_MS = 2000;

const TEXT = {
  reset: {
    title: 'Reset Password',
    submit: 'Reset password',
    missingToken: 'Reset token is missing or invalid.',
    success: 'Password successfully reset! You can now sign in with your new password.',
  },
  invite: {
    title: 'Complete Your Invite',
    submit: 'Complete invite',
    missingToken: 'Invite token is missing or invalid.',
    success: 'Invite accepted! You can now sign in with your new password.',
  },
} as const;

/** Links pasted from some mail clients turn '+' into spaces; spec §5 turns them back. */
export function normaliseToken(raw: string | null | undefined): string {
  return (raw ?? '').trim().replace(/ /g, '+');
}

type Props = { kind: 'reset' | 'invite'; token: string; initialEmail: string };

export function PasswordSetForm({ kind, token, initialEmail }: Props) {
  const text = TEXT[kind];
  const navigate = useNavigate();
  const reset = useResetPassword(kind);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () => void navigate(`${paths.login}?email=${encodeURIComponent(email.trim())}`),
      REDIRECT_AFTER_SUCCESS_MS,
    );
    return () => clearTimeout(timer);
  }, [done, email, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const usable = normaliseToken(token);
    if (!email.trim() || !password || !confirmation) return setError('Please complete all fields.');
    if (password !== confirmation) return setError('Passwords do not match.');
    if (!usable) return setError(text.missingToken);
    if (/\s/.test(usable)) return setError('Invite token appears malformed. Please paste your full invite link again.');
    reset.mutate(
      { token: usable, email: email.trim(), password, password_confirmation: confirmation },
      { onSuccess: () => setDone(true), onError: (failure) => setError(failure.message) },
    );
  };

  return (
    <form className="card auth-card" onSubmit={submit} noValidate aria-labelledby="password-set-title">
      <h1 id="password-set-title">{text.title}</h1>
      <Field label="Email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
      <Field
        label={kind === 'reset' ? 'New password' : 'Password'}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint="At least 8 characters."
      />
      <Field
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
      />
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
