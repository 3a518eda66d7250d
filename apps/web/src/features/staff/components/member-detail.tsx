import { DateTime } from 'luxon';
import { momentLabel, TRADE_TIME_ZONE } from '@th/domain';
import { GRANTABLE_PERMISSIONS, PLAN_KEYS, STAFF_ROLES, UpdateMemberRequest, UpdateSubscriptionRequest, type StaffMemberDetail } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field, SelectField } from '@/components/field';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { readingFields, showServerErrors, useContractForm } from '@/lib/form';
import {
  useMember,
  useSendAccessEmail,
  useSetRoles,
  useSetSubscription,
  useUpdateMember,
} from '../api/members';
import { AuditTable } from './audit-table';
import styles from './staff.module.css';


/** Suspending needs a reason (the schema's refinement); status is the request's, not a field. */
const SUSPEND: { status: 'suspended'; suspended_reason: string } = { status: 'suspended', suspended_reason: '' };

function StatusCard({ member }: { member: StaffMemberDetail }) {
  const update = useUpdateMember(member.id);
  const form = useContractForm(UpdateMemberRequest, SUSPEND);
  const errors = form.formState.errors;
  const suspend = form.handleSubmit((body) =>
    update.mutate(body, { onSuccess: () => form.reset(), onError: (error) => showServerErrors(form, error) }),
  );
  return (
    <Card title="Membership status">
      <p>
        <Badge tone={member.status === 'active' ? 'green' : 'orange'}>{member.status}</Badge>
        {member.suspended_reason && <span className="muted"> — {member.suspended_reason}</span>}
      </p>
      {member.status === 'active' ? (
        <form onSubmit={suspend} noValidate>
          <Field label="Reason for suspending" placeholder="e.g. Chargeback on the last invoice" {...form.register('suspended_reason')} error={errors.suspended_reason?.message} />
          <Button type="submit" variant="danger" busy={update.isPending} busyLabel="Suspending…">
            Suspend member
          </Button>
        </form>
      ) : (
        <Button busy={update.isPending} busyLabel="Restoring…" onClick={() => update.mutate({ status: 'active' })}>
          Restore access
        </Button>
      )}
      {update.error && <Alert tone="error">{describeError(update.error, 'Unable to update the member.')}</Alert>}
    </Card>
  );
}

function AccessCard({ member, canManageRoles }: { member: StaffMemberDetail; canManageRoles: boolean }) {
  const update = useUpdateMember(member.id);
  const setRoles = useSetRoles(member.id);
  const toggle = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));
  return (
    <Card title="Roles and permissions">
      <fieldset className="check-group">
        <legend>Permissions granted directly</legend>
        {GRANTABLE_PERMISSIONS.map((permission) => (
          <label key={permission} className="checkbox-row">
            <input
              type="checkbox"
              checked={member.permissions.includes(permission)}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ permissions: toggle(member.permissions, permission, e.target.checked) as typeof GRANTABLE_PERMISSIONS[number][] })}
            />
            {permission === 'alphaorb.manage' ? 'AlphaORB bot (alphaorb.manage)' : permission}
          </label>
        ))}
      </fieldset>
      <fieldset className="check-group">
        <legend>Staff roles</legend>
        {STAFF_ROLES.map((role) => (
          <label key={role} className="checkbox-row">
            <input
              type="checkbox"
              checked={member.roles.includes(role)}
              disabled={!canManageRoles || setRoles.isPending}
              onChange={(e) => setRoles.mutate(toggle(member.roles, role, e.target.checked))}
            />
            {role === 'admin' ? 'Administrator: everything' : 'Mentor: courses and live sessions'}
          </label>
        ))}
        {!canManageRoles && <p className="field-hint">Only administrators can change roles.</p>}
      </fieldset>
      {(update.error || setRoles.error) && <Alert tone="error">{describeError(update.error ?? setRoles.error, 'Unable to update access.')}</Alert>}
    </Card>
  );
}

/** The renewal is typed as a date and sent as that day's start in UTC, or null. */
const SubscriptionSchema = readingFields(UpdateSubscriptionRequest, {
  current_period_end: (value) => (typeof value === 'string' ? (value ? DateTime.fromISO(value, { zone: 'utc' }).toISO() : null) : value),
});

function SubscriptionCard({ member }: { member: StaffMemberDetail }) {
  const save = useSetSubscription(member.id);
  const sub = member.subscription;
  const form = useContractForm(SubscriptionSchema, {
    vendor: (sub?.vendor === 'skool' ? 'skool' : 'internal') as 'skool' | 'internal',
    plan_key: (sub?.plan_key ?? 'trader') as (typeof PLAN_KEYS)[number],
    status: (sub?.status ?? 'active') as 'active' | 'trialing' | 'past_due' | 'canceled',
    current_period_end: sub?.current_period_end ? sub.current_period_end.slice(0, 10) : '',
  });
  const { register, formState } = form;
  const errors = formState.errors;
  if (sub?.vendor === 'stripe') {
    return (
      <Card title="Membership">
        <p>
          {sub.plan_name} · {sub.status} · billed through Stripe ({sub.stripe_subscription_id}). Change it in Stripe; the
          webhook updates it here.
        </p>
      </Card>
    );
  }
  const submit = form.handleSubmit((body) => save.mutate(body, { onError: (error) => showServerErrors(form, error) }));
  return (
    <Card title="Membership (billed outside Stripe)">
      <form onSubmit={submit} className="field-grid" noValidate>
        <SelectField label="Vendor" {...register('vendor')} error={errors.vendor?.message}>
          <option value="internal">internal</option>
          <option value="skool">skool</option>
        </SelectField>
        <SelectField label="Plan" {...register('plan_key')} error={errors.plan_key?.message}>
          {PLAN_KEYS.map((key) => (
            <option key={key}>{key}</option>
          ))}
        </SelectField>
        <SelectField label="Status" {...register('status')} error={errors.status?.message}>
          {['active', 'trialing', 'past_due', 'canceled'].map((s) => (
            <option key={s}>{s}</option>
          ))}
        </SelectField>
        <Field label="Renews on" type="date" {...register('current_period_end')} error={errors.current_period_end?.message} />
        <div className="form-actions">
          <Button type="submit" busy={save.isPending} busyLabel="Saving…">
            Save membership
          </Button>
        </div>
      </form>
      {save.isSuccess && <Alert tone="success">Membership updated.</Alert>}
      {save.error && <Alert tone="error">{describeError(save.error, 'Unable to update the membership.')}</Alert>}
    </Card>
  );
}

export function MemberDetail({ id, canManageRoles }: { id: string; canManageRoles: boolean }) {
  const { data: member, error, isPending } = useMember(id);
  const access = useSendAccessEmail(id);
  if (isPending) return <Loading label="Loading member…" />;
  if (error || !member) return <Alert tone="error">{describeError(error, 'Unable to load this member.')}</Alert>;
  return (
    <>
      <header className="page-hero">
        <div>
          <h1>{member.name}</h1>
          <p className="page-hero-subtitle">
            {member.email} · member since {DateTime.fromISO(member.created_at, { zone: TRADE_TIME_ZONE }).toFormat('LLL d, yyyy')} · last login{' '}
            {member.last_login ? momentLabel(member.last_login) : 'never'}
          </p>
        </div>
        <div className="page-hero-actions">
          <Button variant="secondary" busy={access.isPending} busyLabel="Sending…" onClick={() => access.mutate()}>
            {member.invite_pending ? 'Send invite e-mail' : 'Send password reset e-mail'}
          </Button>
        </div>
      </header>
      {access.data && <Alert tone="success">{access.data.message}</Alert>}
      {access.error && <Alert tone="error">{describeError(access.error, 'Unable to send the e-mail.')}</Alert>}
      <div className={styles.grid}>
        <StatusCard member={member} />
        <AccessCard member={member} canManageRoles={canManageRoles} />
        <SubscriptionCard key={member.subscription?.vendor ?? 'none'} member={member} />
      </div>
      <Card title="History">
        <AuditTable subjectId={member.id} />
      </Card>
    </>
  );
}
