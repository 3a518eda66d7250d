import { useNavigate } from 'react-router';
import { CreateMemberRequest, PLAN_KEYS } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field, SelectField } from '@/components/field';
import { describeError } from '@/lib/api-client';
import { showServerErrors, useContractForm } from '@/lib/form';
import { useCreateMember } from '../api/members';
import { paths } from '@/config/paths';

type NewMember = { email: string; first_name: string; last_name: string; vendor: 'skool' | 'internal'; plan_key: (typeof PLAN_KEYS)[number] };
const EMPTY: NewMember = { email: '', first_name: '', last_name: '', vendor: 'skool', plan_key: 'trader' };

/** Members who bought elsewhere get a record without a password and an invite e-mail. */
export function CreateMemberForm() {
  const form = useContractForm(CreateMemberRequest, EMPTY);
  const { register, formState } = form;
  const errors = formState.errors;
  const create = useCreateMember();
  const navigate = useNavigate();

  // The schema's default sends the invite.
  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (answer) => void navigate(paths.staffMember(answer.data.id)),
      onError: (error) => showServerErrors(form, error),
    }),
  );

  return (
    <Card title="Add a member bought elsewhere">
      <form onSubmit={submit} noValidate className="field-grid">
        <Field label="Email" type="email" {...register('email')} error={errors.email?.message} />
        <Field label="First name" {...register('first_name')} error={errors.first_name?.message} />
        <Field label="Last name" {...register('last_name')} error={errors.last_name?.message} />
        <SelectField label="Bought through" {...register('vendor')} error={errors.vendor?.message}>
          <option value="skool">skool</option>
          <option value="internal">internal</option>
        </SelectField>
        <SelectField label="Plan" {...register('plan_key')} error={errors.plan_key?.message}>
          {PLAN_KEYS.map((key) => (
            <option key={key} value={key}>
              {key}
            </option>
          ))}
        </SelectField>
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
