import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';

type Props = {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  requiredMessage: string;
  successMessage: string;
  onSubmit: (email: string) => Promise<unknown>;
  footer: ReactNode;
};

/** One e-mail field and a success or error line: Forgot Password and Send Invite. */
export function EmailRequestForm({ title, intro, submitLabel, requiredMessage, successMessage, onSubmit, footer }: Props) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      setResult({ tone: 'error', text: requiredMessage });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      await onSubmit(trimmed);
      setResult({ tone: 'success', text: successMessage });
    } catch (error) {
      setResult({ tone: 'error', text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card auth-card" onSubmit={submit} noValidate aria-labelledby="email-request-title">
      <h1 id="email-request-title">{title}</h1>
      <p className="muted">{intro}</p>
      <Field label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <Button type="submit" busy={busy} busyLabel="Sending…">
        {submitLabel}
      </Button>
      <div className="auth-links">{footer}</div>
    </form>
  );
}
