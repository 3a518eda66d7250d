import type { FormEvent } from 'react';
import type { BrokerEnvironment } from '@th/contracts';
import { Button } from '@/components/button';
import { Field } from '@/components/field';

export type Credentials = { email: string; password: string; server: string; accountType: BrokerEnvironment | '' };

type Props = {
  value: Credentials;
  onChange: (value: Credentials) => void;
  onBack: () => void;
  onDiscover: () => void;
};

export const credentialsComplete = (c: Credentials) =>
  c.email.trim() !== '' && c.password !== '' && c.server.trim() !== '' && c.accountType !== '';

/** Step 2 'Enter your TradeLocker details'. */
export function CredentialsStep({ value, onChange, onBack, onDiscover }: Props) {
  const set = (patch: Partial<Credentials>) => onChange({ ...value, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (credentialsComplete(value)) onDiscover();
  };
  return (
    <form onSubmit={submit} noValidate>
      <h2 className="link-step-title">Enter your TradeLocker details</h2>
      <div className="link-fields">
        <Field label="Email" type="email" autoComplete="off" value={value.email} onChange={(e) => set({ email: e.target.value })} />
        <Field
          label="Password"
          type="password"
          autoComplete="off"
          value={value.password}
          onChange={(e) => set({ password: e.target.value })}
        />
        <Field
          label="Server"
          autoComplete="off"
          placeholder="The server name shown on your TradeLocker login"
          value={value.server}
          onChange={(e) => set({ server: e.target.value })}
        />
        <fieldset className="field link-account-type">
          <legend>Account Type</legend>
          {(['live', 'demo'] as const).map((type) => (
            <label key={type} className="link-radio">
              <input
                type="radio"
                name="accountType"
                value={type}
                checked={value.accountType === type}
                onChange={() => set({ accountType: type })}
              />
              {type === 'live' ? 'Live' : 'Demo'}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="muted link-note">
        Your password is only used to sign in to TradeLocker and is never stored in plain text.
      </p>
      <div className="link-actions">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" disabled={!credentialsComplete(value)}>
          Discover Accounts
        </Button>
      </div>
    </form>
  );
}
