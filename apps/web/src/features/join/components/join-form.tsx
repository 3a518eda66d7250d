import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { JoinRequest, JOIN_TRIAL_DAYS, type JoinPlanKey } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCreateJoin } from '../api/create-join';
import { PlanPicker } from './plan-picker';
import './join.css';

type Values = { first_name: string; last_name: string; email: string; password: string; password_confirmation: string };
type Errors = Partial<Record<keyof Values | 'plan', string>>;

const EMPTY: Values = { first_name: '', last_name: '', email: '', password: '', password_confirmation: '' };

/** First message per field, from the same schema the server validates with. */
function fieldErrors(source: Record<string, string[] | undefined>): Errors {
  return Object.fromEntries(Object.entries(source).flatMap(([field, messages]) => (messages?.[0] ? [[field, messages[0]]] : [])));
}

export function JoinForm({ cancelled }: { cancelled: boolean }) {
  const navigate = useNavigate();
  const join = useCreateJoin();
  const [plan, setPlan] = useState<JoinPlanKey>('founding');
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const bind = (field: keyof Values) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = JoinRequest.safeParse({ plan, ...values });
    if (!parsed.success) {
      const flat: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (flat[String(issue.path[0])] ??= []).push(issue.message);
      setErrors(fieldErrors(flat));
      return;
    }
    setErrors({});
    join.mutate(parsed.data, {
      onSuccess: ({ redirect_url }) => {
        // Stripe Checkout lives on another origin; the sign-in page is ours.
        if (redirect_url.startsWith('/')) void navigate(redirect_url);
        else window.location.assign(redirect_url);
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          setErrors(fieldErrors(error.fieldErrors));
          setFailure(error.describe(`Request failed (${error.status})`));
        } else {
          setFailure(error.message || 'We could not create your account. Please try again.');
        }
      },
    });
  };

  return (
    <form className="join-form" onSubmit={onSubmit} noValidate aria-labelledby="join-title">
      <h1 id="join-title">Join the community</h1>
      <p className="muted join-lead">
        Every membership starts with a {JOIN_TRIAL_DAYS}-day trial you can cancel at any time. Already a member?{' '}
        <Link to={paths.login}>Sign in</Link>.
      </p>
      {cancelled && (
        <Alert tone="warning">
          Checkout was cancelled, so nothing was charged. If you already created your account, sign in and finish from
          Manage subscription; otherwise choose a plan and try again.
        </Alert>
      )}
      <PlanPicker value={plan} onChange={setPlan} error={errors.plan} />
      <fieldset className="join-details">
        <legend className="join-step-title">2. Your details</legend>
        <div className="join-name-row">
          <Field label="First name" autoComplete="given-name" {...bind('first_name')} />
          <Field label="Last name" autoComplete="family-name" {...bind('last_name')} />
        </div>
        <Field label="Email" type="email" autoComplete="email" {...bind('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...bind('password')}
        />
        <Field label="Confirm password" type="password" autoComplete="new-password" {...bind('password_confirmation')} />
      </fieldset>
      {failure && (
        <Alert tone="error">
          {failure}
          {errors.email?.includes('already exists') && (
            <>
              {' '}
              <Link to={`${paths.login}?email=${encodeURIComponent(values.email.trim())}`}>Go to sign in</Link>
            </>
          )}
        </Alert>
      )}
      <Button type="submit" className="join-submit" busy={join.isPending} busyLabel="Creating your account…">
        Start my {JOIN_TRIAL_DAYS}-day trial
      </Button>
      <p className="join-fineprint">
        By joining you accept the <Link to={paths.terms}>Terms of Service</Link> and the{' '}
        <Link to={paths.privacy}>Privacy Policy</Link>. Trading involves risk; our content is educational, not advice.
      </p>
    </form>
  );
}
