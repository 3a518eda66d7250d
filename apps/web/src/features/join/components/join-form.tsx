import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { JoinRequest, JOIN_TRIAL_DAYS, type JoinPlanKey } from '@th/contracts/join';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { paths } from '@/config/paths';
import { describeError } from '@/lib/api-client';
import { showServerErrors, useContractForm } from '@/lib/form';
import { useCreateJoin } from '../api/create-join';
import { PlanPicker } from './plan-picker';
import styles from './join.module.css';

type Values = {
  plan: JoinPlanKey;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
};

const EMPTY: Values = {
  plan: 'founding',
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  password_confirmation: '',
};

export function JoinForm({ cancelled }: { cancelled: boolean }) {
  const navigate = useNavigate();
  const join = useCreateJoin();
  const form = useContractForm(JoinRequest, EMPTY);
  const { register, control, getValues, formState } = form;
  const errors = formState.errors;
  const [failure, setFailure] = useState<string | null>(null);

  const send = form.handleSubmit((body) =>
    join.mutate(body, {
      onSuccess: ({ redirect_url }) => {
        // Stripe Checkout lives on another origin; the sign-in page is ours.
        if (redirect_url.startsWith('/')) void navigate(redirect_url);
        else window.location.assign(redirect_url);
      },
      onError: (error) => {
        showServerErrors(form, error);
        setFailure(
          describeError(error, (status) =>
            status === null ? 'We could not create your account. Please try again.' : `Request failed (${status})`,
          ),
        );
      },
    }),
  );

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        // Each try starts without the last one's failure.
        setFailure(null);
        void send(event);
      }}
      noValidate
      aria-labelledby="join-title"
    >
      <h1 id="join-title">Join the community</h1>
      <p className={`${styles.lead} muted`}>
        Every membership starts with a {JOIN_TRIAL_DAYS}-day trial you can cancel at any time.
        Already a member? <Link to={paths.login}>Sign in</Link>.
      </p>
      {cancelled && (
        <Alert tone="warning">
          Checkout was cancelled, so nothing was charged. If you already created your account, sign
          in and finish from Manage subscription; otherwise choose a plan and try again.
        </Alert>
      )}
      <Controller
        control={control}
        name="plan"
        render={({ field }) => (
          <PlanPicker value={field.value} onChange={field.onChange} error={errors.plan?.message} />
        )}
      />
      <fieldset className={styles.details}>
        <legend className={styles.stepTitle}>2. Your details</legend>
        <div className={styles.nameRow}>
          <Field
            label="First name"
            autoComplete="given-name"
            {...register('first_name')}
            error={errors.first_name?.message}
          />
          <Field
            label="Last name"
            autoComplete="family-name"
            {...register('last_name')}
            error={errors.last_name?.message}
          />
        </div>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          {...register('email')}
          error={errors.email?.message}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...register('password')}
          error={errors.password?.message}
        />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          {...register('password_confirmation')}
          error={errors.password_confirmation?.message}
        />
      </fieldset>
      {failure && (
        <Alert tone="error">
          {failure}
          {errors.email?.message?.includes('already exists') && (
            <>
              {' '}
              <Link to={`${paths.login}?email=${encodeURIComponent(getValues('email').trim())}`}>
                Go to sign in
              </Link>
            </>
          )}
        </Alert>
      )}
      <Button
        type="submit"
        className={styles.submit}
        busy={join.isPending}
        busyLabel="Creating your account…"
      >
        Start my {JOIN_TRIAL_DAYS}-day trial
      </Button>
      <p className={styles.fineprint}>
        By joining you accept the <Link to={paths.terms}>Terms of Service</Link> and the{' '}
        <Link to={paths.privacy}>Privacy Policy</Link>. Trading involves risk; our content is
        educational, not advice.
      </p>
    </form>
  );
}
