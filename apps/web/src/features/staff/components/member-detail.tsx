import { useState, type FormEvent } from 'react';
import { DateTime } from 'luxon';
import { momentLabel, TRADE_TIME_ZONE } from '@th/domain';
import { GRANTABLE_PERMISSIONS, PLAN_KEYS, STAFF_ROLES, type StaffMemberDetail } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import {
  useMember,
  useSendAccessEmail,
  useSetRoles,
  useSetSubscription,
  useUpdateMember,
} from '../api/members';
import { AuditTable } from './audit-table';


function StatusCard({ member }: { member: StaffMemberDetail }) {
  const update = useUpdateMember(member.id);
  const [reason, setReason] = useState('');
  const suspend = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ status: 'suspended', suspended_reason: reason.trim() }, { onSuccess: () => setReason('') });
  };
  return (
    <Card title="Membership status">
      <p>
        <Badge tone={member.status === 'active' ? 'green' : 'orange'}>{member.status}</Badge>
        {member.suspended_reason && <span className="muted"> — {member.suspended_reason}</span>}
      </p>
      {member.status === 'active' ? (
        <form onSubmit={suspend} noValidate>
          <div className="field">
            <label htmlFor="suspend-reason">Reason for suspending</label>
            <input id="suspend-reason" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Chargeback on the last invoice" />
          </div>
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
      <fieldset className="staff-checks">
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
      <fieldset className="staff-checks">
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

function SubscriptionCard({ member }: { member: StaffMemberDetail }) {
  const save = useSetSubscription(member.id);
  const sub = member.subscription;
  const [form, setForm] = useState({
    vendor: (sub?.vendor === 'skool' ? 'skool' : 'internal') as 'skool' | 'internal',
    plan_key: (sub?.plan_key ?? 'trader') as (typeof PLAN_KEYS)[number],
    status: (sub?.status ?? 'active') as 'active' | 'trialing' | 'past_due' | 'canceled',
    renewal: sub?.current_period_end ? sub.current_period_end.slice(0, 10) : '',
  });
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      vendor: form.vendor,
      plan_key: form.plan_key,
      status: form.status,
      current_period_end: form.renewal ? DateTime.fromISO(form.renewal, { zone: 'utc' }).toISO() : null,
    });
  };
  return (
    <Card title="Membership (billed outside Stripe)">
      <form onSubmit={submit} className="staff-form-grid" noValidate>
        <div className="field">
          <label htmlFor="sub-vendor">Vendor</label>
          <select id="sub-vendor" value={form.vendor} onChange={(e) => setForm({ ...form, vendor: e.target.value as typeof form.vendor })}>
            <option value="internal">internal</option>
            <option value="skool">skool</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="sub-plan">Plan</label>
          <select id="sub-plan" value={form.plan_key} onChange={(e) => setForm({ ...form, plan_key: e.target.value as typeof form.plan_key })}>
            {PLAN_KEYS.map((key) => (
              <option key={key}>{key}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="sub-status">Status</label>
          <select id="sub-status" value={form.status} onChange={(e) => setForm({ ...form, status: e.target.value as typeof form.status })}>
            {['active', 'trialing', 'past_due', 'canceled'].map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="sub-renewal">Renews on</label>
          <input id="sub-renewal" type="date" value={form.renewal} onChange={(e) => setForm({ ...form, renewal: e.target.value })} />
        </div>
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
      <div className="staff-grid">
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
