import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoginRequest } from '@th/contracts/auth';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { paths } from '@/config/paths';
import { showServerErrors, useContractForm } from '@/lib/form';
import { raiseMembershipNotice } from '@/lib/membership-notice';
import { safeNext } from '@/lib/next-path';
import { loginFailure, useLogin } from '../api/login';

/** The sign-in form, checked with the request's own schema (spec §5: both fields required). */
export function LoginForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useContractForm(LoginRequest, { username: params.get('email') ?? '', password: '' });
  const { register, formState } = form;
  const errors = formState.errors;
  const [error, setError] = useState<string | null>(null);

  const send = form.handleSubmit(
    ({ username, password }) =>
      login.mutate(
        { username, password },
        {
          onSuccess: (profile) => {
            if (profile.status.toLowerCase() === 'suspended') {
              raiseMembershipNotice('Your membership is inactive. Manage billing to restore access.');
              void navigate(paths.accountSuspended, { replace: true });
            } else {
              // A deep link the visitor was stopped at survives sign-in; a plain sign-in lands on the dashboard.
              void navigate(safeNext(params.get('next')) ?? paths.dashboard, { replace: true });
            }
          },
          onError: (failure) => {
            showServerErrors(form, failure);
            setError(loginFailure(failure));
          },
        },
      ),
    // The form words a refused value under it too, as when only the server checked it.
    (invalid) => setError((invalid.username ?? invalid.password)?.message ?? null),
  );

  return (
    <form
      className="card auth-card"
      onSubmit={(event) => {
        setError(null);
        void send(event);
      }}
      noValidate
      aria-labelledby="login-title"
    >
      <h1 id="login-title">Sign in</h1>
      {params.has('joined') && (
        <Alert tone="success">Registration successful! Sign in to access your dashboard.</Alert>
      )}
      <Field label="Email" type="email" autoComplete="username" {...register('username')} error={errors.username?.message} errorShown={errors.username?.message !== error} />
      <Field label="Password" type="password" autoComplete="current-password" {...register('password')} error={errors.password?.message} errorShown={errors.password?.message !== error} />
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" busy={login.isPending} busyLabel="Signing in…">
        Sign in
      </Button>
      <div className="auth-links">
        <Link to={paths.passwordRequest}>Forgot your password</Link>
        <Link to={paths.sendInvite}>Bought elsewhere? Get your invite</Link>
      </div>
    </form>
  );
}
