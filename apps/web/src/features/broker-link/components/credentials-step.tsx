import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { BrokerEnvironment, DiscoverAccountsBody } from '@th/contracts';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import styles from './broker-link.module.css';

/** What the credentials fields hold: the discovery request's body (DiscoverAccountsBody). */
export type Credentials = { email: string; password: string; server: string; accountType: BrokerEnvironment };

export const EMPTY_CREDENTIALS: Credentials = { email: '', password: '', server: '', accountType: 'live' };

export type CredentialsForm = UseFormReturn<Credentials, unknown, DiscoverAccountsBody>;

type Props = {
  form: CredentialsForm;
  onBack: () => void;
  onDiscover: (body: DiscoverAccountsBody) => void;
};

const credentialsComplete = (c: Credentials) =>
  c.email.trim() !== '' && c.password !== '' && c.server.trim() !== '' && Boolean(c.accountType);

/** Step 2 'Enter your TradeLocker details'. The form lives in the wizard, so Back and a failed discovery keep what was typed. */
export function CredentialsStep({ form, onBack, onDiscover }: Props) {
  const { register, control, formState } = form;
  const errors = formState.errors;
  const values = useWatch({ control }) as Credentials;
  return (
    <form onSubmit={(event) => void form.handleSubmit(onDiscover)(event)} noValidate>
      <h2 className={styles.stepTitle}>Enter your TradeLocker details</h2>
      <div className={styles.fields}>
        <Field label="Email" type="email" autoComplete="off" {...register('email')} error={errors.email?.message} />
        <Field label="Password" type="password" autoComplete="off" {...register('password')} error={errors.password?.message} />
        <Field
          label="Server"
          autoComplete="off"
          placeholder="The server name shown on your TradeLocker login"
          {...register('server')}
          error={errors.server?.message}
        />
        <fieldset className={`${styles.accountType} field`} aria-describedby={errors.accountType ? 'account-type-error' : undefined}>
          <legend>Account Type</legend>
          {(['live', 'demo'] as const).map((type) => (
            <label key={type} className={styles.radio}>
              <input type="radio" value={type} {...register('accountType')} />
              {type === 'live' ? 'Live' : 'Demo'}
            </label>
          ))}
          {errors.accountType && (
            <p className="field-error" id="account-type-error">
              {errors.accountType.message}
            </p>
          )}
        </fieldset>
      </div>
      <p className={`${styles.note} muted`}>
        Your password is only used to sign in to TradeLocker and is never stored in plain text.
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" disabled={!credentialsComplete(values)}>
          Discover Accounts
        </Button>
      </div>
    </form>
  );
}
