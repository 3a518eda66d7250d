import { CLOSURE_GRACE_DAYS, CloseAccountRequest } from '@th/contracts';
import type { dataRightsEndpoints } from '@th/contracts/data-rights';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field } from '@/components/field';
import { describeError, type ApiResponse } from '@/lib/api-client';
import { showServerErrors, useContractForm } from '@/lib/form';
import { useCloseAccount } from '../api/close-account';
import styles from './data-rights.module.css';

type Fields = { password: string; cancel: 'period_end' | 'now' };

/**
 * "Close my account": confirmed with the password. The member is signed out at once; the
 * route decides where they go next (onClosed gets the server's message).
 */
export function CloseAccountCard({ onClosed }: { onClosed: (answer: ApiResponse<typeof dataRightsEndpoints.closeAccount>) => void }) {
  const form = useContractForm(CloseAccountRequest, { password: '', cancel: 'period_end' } as Fields);
  const { register, formState } = form;
  const errors = formState.errors;
  const close = useCloseAccount();

  const submit = form.handleSubmit((body) =>
    close.mutate(body, {
      onSuccess: onClosed,
      onError: (error) => showServerErrors(form, error),
    }),
  );
  const otherError = close.isError && !errors.password && !errors.cancel;

  return (
    <Card title="Close my account" aria-label="Close my account" className={styles.danger}>
      <p className={styles.lead}>Closing your account:</p>
      <ul className={styles.list}>
        <li>signs you out on every device</li>
        <li>stops your AlphaORB bots and removes your broker connections</li>
        <li>cancels your subscription, at the end of the period or now</li>
        <li>
          deletes your personal data after {CLOSURE_GRACE_DAYS} days. Until then, signing in restores your account.
        </li>
      </ul>
      <p className={styles.lead}>
        Invoices and our audit log are kept as the law requires, with your name replaced. Download your data first if
        you want a copy.
      </p>
      <form onSubmit={submit} noValidate aria-label="Close my account">
        <fieldset className={styles.choices}>
          <legend>When should your subscription end?</legend>
          <label className={styles.choice}>
            <input type="radio" value="period_end" {...register('cancel')} />
            <span>At the end of the current period</span>
          </label>
          <label className={styles.choice}>
            <input type="radio" value="now" {...register('cancel')} />
            <span>Now</span>
          </label>
          {errors.cancel?.message && <p className="field-error">{errors.cancel.message}</p>}
        </fieldset>
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          hint="Enter your password to confirm."
          {...register('password')}
          error={errors.password?.message}
        />
        {otherError && <Alert tone="error">{describeError(close.error, 'Unable to close your account. Please try again.')}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" variant="danger" busy={close.isPending} busyLabel="Closing…">
            Close my account
          </Button>
        </div>
      </form>
    </Card>
  );
}
