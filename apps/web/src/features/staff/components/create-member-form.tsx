import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PLAN_KEYS } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field } from '@/components/field';
import { ApiError, describeError } from '@/lib/api-client';
import { useCreateMember } from '../api/members';

const EMPTY = { email: '', first_name: '', last_name: '', vendor: 'skool' as 'skool' | 'internal', plan_key: 'trader' as (typeof PLAN_KEYS)[number] };

/** Members who bought elsewhere get a record without a password and an invite e-mail. */
export function CreateMemberForm() {
  const [form, setForm] = useState(EMPTY);
  const create = useCreateMember();
  const navigate = useNavigate();
  const fieldErrors = create.error instanceof ApiError ? create.error.fieldErrors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { ...form, send_invite: true },
      { onSuccess: (answer) => void navigate(`/admin/members/${answer.data.id}`) },
    );
  };

  return (
    <Card title="Add a member bought elsewhere">
      <form onSubmit={submit} noValidate className="staff-form-grid">
        <Field label="Email" type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} error={fieldErrors.email?.[0]} />
        <Field label="First name" value={form.first_name} onChange={(e) => setForm({ ...form, first_name: e.target.value })} error={fieldErrors.first_name?.[0]} />
        <Field label="Last name" value={form.last_name} onChange={(e) => setForm({ ...form, last_name: e.target.value })} error={fieldErrors.last_name?.[0]} />
        <div className="field">
          <label htmlFor="new-member-vendor">Bought through</label>
          <select id="new-member-vendor" value={form.vendor} onChange={(e) => setForm({ ...form, vendor: e.target.value as 'skool' | 'internal' })}>
            <option value="skool">skool</option>
            <option value="internal">internal</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="new-member-plan">Plan</label>
          <select id="new-member-plan" value={form.plan_key} onChange={(e) => setForm({ ...form, plan_key: e.target.value as typeof form.plan_key })}>
            {PLAN_KEYS.map((key) => (
              <option key={key} value={key}>
                {key}
              </option>
            ))}
          </select>
        </div>
        <div className="form-actions">
          <Button type="submit" busy={create.isPending} busyLabel="Creating…">
            Create and send invite
          </Button>
        </div>
      </form>
      {create.error && <Alert tone="error">{describeError(create.error, 'Unable to create the member.')}</Alert>}
    </Card>
  );
}
