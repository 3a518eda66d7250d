import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { paths } from '@/config/paths';
import { raiseMembershipNotice } from '@/lib/membership-notice';
import { safeNext } from '@/lib/next-path';
import { useLogin } from '../api/login';

export function LoginForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError('Please enter both username and password.');
      return;
    }
    login.mutate(
      { username: email.trim(), password },
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
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <form className="card auth-card" onSubmit={onSubmit} noValidate aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      {params.has('joined') && (
        <Alert tone="success">Registration successful! Sign in to access your dashboard.</Alert>
      )}
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
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
