import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { PasswordRemindRequest } from '@th/contracts/auth';
import { Email } from '@th/contracts/common';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { showServerErrors, useContractForm } from '@/lib/form';
import { requestFailure } from '../api/password-requests';

type Props = {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  requiredMessage: string;
  successMessage: string;
  /** What a failure without an answer says (spec §8, each flow its own). */
  failureMessage: string;
  onSubmit: (email: string) => Promise<unknown>;
  footer: ReactNode;
};

/**
 * The request both flows send (`{ email }`: PasswordRemindRequest, PasswordInviteRequest), with
 * the screen's own words for a blank address (spec §5: Send Invite says it differently).
 */
const requestSchema = (requiredMessage: string) =>
  PasswordRemindRequest.safeExtend({ email: z.string().trim().min(1, requiredMessage).pipe(Email) });

/** One e-mail field and a success or error line: Forgot Password and Send Invite. */
export function EmailRequestForm({ title, intro, submitLabel, requiredMessage, successMessage, failureMessage, onSubmit, footer }: Props) {
  const [schema] = useState(() => requestSchema(requiredMessage));
  const form = useContractForm(schema, { email: '' });
  const { register, formState } = form;
  const errors = formState.errors;
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const send = form.handleSubmit(
    async ({ email }) => {
      try {
        await onSubmit(email);
        setResult({ tone: 'success', text: successMessage });
      } catch (error) {
        showServerErrors(form, error);
        setResult({ tone: 'error', text: requestFailure(error, failureMessage) });
      }
    },
    // The form words a refused address under it too, as when only the server checked it.
    (invalid) => setResult({ tone: 'error', text: invalid.email?.message ?? requiredMessage }),
  );

  return (
    <form
      className="card auth-card"
      onSubmit={(event) => {
        setResult(null);
        void send(event);
      }}
      noValidate
      aria-labelledby="email-request-title"
    >
      <h1 id="email-request-title">{title}</h1>
      <p className="muted">{intro}</p>
      <Field label="Email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <Button type="submit" busy={formState.isSubmitting} busyLabel="Sending…">
        {submitLabel}
      </Button>
      <div className="auth-links">{footer}</div>
    </form>
  );
}
