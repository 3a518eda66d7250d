import { StaffCloseAccountRequest, StaffExportRequest, type AccountClosure } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field, SelectField } from '@/components/field';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { showServerErrors, useContractForm } from '@/lib/form';
import { useMemberDataRights } from '../api/get-member-data-rights';
import { useStaffCloseAccount } from '../api/staff-close-account';
import { useStaffDownloadDataExport } from '../api/staff-download-data-export';
import { useStaffRequestDataExport } from '../api/staff-request-data-export';
import { useStaffRetryClosure } from '../api/staff-retry-closure';
import styles from './data-rights.module.css';
import { archiveName, momentIn, STATUS_LABEL } from './format';

const CLOSURE_LABEL: Record<AccountClosure['status'], string> = {
  pending: 'Closed, in the grace period',
  restored: 'Restored by signing in',
  erasing: 'Being erased',
  erased: 'Erased',
};

function ClosureStatus({ id, closure, timeZone }: { id: string; closure: AccountClosure; timeZone: string }) {
  const retry = useStaffRetryClosure(id);
  const stuck = closure.status !== 'restored' && closure.status !== 'erased' && closure.last_error;
  return (
    <div>
      <div className={styles.status}>
        <Badge tone={closure.status === 'restored' ? 'green' : closure.status === 'erased' ? 'gray' : 'orange'}>
          {CLOSURE_LABEL[closure.status]}
        </Badge>
        <span>
          Closed {momentIn(closure.created_at, timeZone)} by {closure.requested_by === 'staff' ? 'staff' : 'the member'}; grace
          period ends {momentIn(closure.grace_ends_at, timeZone)}.
        </span>
      </div>
      {closure.reason && <p className={styles.lead}>Reason: {closure.reason}</p>}
      {stuck && <Alert tone="error">{closure.last_error}</Alert>}
      <ul className={styles.steps} aria-label="Closure steps">
        {closure.steps.map((step) => (
          <li key={step.key}>
            <span>{step.label}</span>
            <span>{step.done_at ? `Done ${momentIn(step.done_at, timeZone)}` : step.attempts > 0 ? `Failed ${step.attempts}×, retrying` : 'Waiting'}</span>
            {step.error && !step.done_at && <span className={styles.stepError}>{step.error}</span>}
          </li>
        ))}
      </ul>
      {retry.isError && <Alert tone="error">{describeError(retry.error, 'Unable to retry. Please try again.')}</Alert>}
      {retry.isSuccess && <Alert tone="success">{retry.data.message}</Alert>}
      {(closure.status === 'pending' || closure.status === 'erasing') && (
        <Button variant="secondary" busy={retry.isPending} busyLabel="Retrying…" onClick={() => retry.mutate()}>
          Retry the remaining steps now
        </Button>
      )}
    </div>
  );
}

function StaffExportForm({ id }: { id: string }) {
  const form = useContractForm(StaffExportRequest, { reason: '' });
  const request = useStaffRequestDataExport(id);
  const submit = form.handleSubmit((body) =>
    request.mutate(body, { onSuccess: () => form.reset(), onError: (error) => showServerErrors(form, error) }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Export this member's data">
      <Field label="Reason for the export" {...form.register('reason')} error={form.formState.errors.reason?.message} />
      {request.isError && !form.formState.errors.reason && (
        <Alert tone="error">{describeError(request.error, 'Unable to request the export. Please try again.')}</Alert>
      )}
      {request.isSuccess && <Alert tone="success">{request.data.message}</Alert>}
      <Button type="submit" variant="secondary" busy={request.isPending} busyLabel="Requesting…">
        Export this member's data
      </Button>
    </form>
  );
}

function StaffCloseForm({ id }: { id: string }) {
  const form = useContractForm(StaffCloseAccountRequest, { reason: '', cancel: 'period_end' as 'period_end' | 'now' });
  const close = useStaffCloseAccount(id);
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) => close.mutate(body, { onError: (error) => showServerErrors(form, error) }));
  return (
    <form onSubmit={submit} noValidate aria-label="Close this account">
      <Field label="Reason for closing" {...form.register('reason')} error={errors.reason?.message} />
      <SelectField label="Subscription ends" {...form.register('cancel')} error={errors.cancel?.message}>
        <option value="period_end">At the end of the current period</option>
        <option value="now">Now</option>
      </SelectField>
      {close.isError && !errors.reason && <Alert tone="error">{describeError(close.error, 'Unable to close the account. Please try again.')}</Alert>}
      {close.isSuccess && <Alert tone="success">{close.data.message}</Alert>}
      <Button type="submit" variant="danger" busy={close.isPending} busyLabel="Closing…">
        Close this account
      </Button>
    </form>
  );
}

/** The member page's data-rights card: exports and closure, for staff (every action audited). */
export function MemberDataRights({ id, timeZone }: { id: string; timeZone: string }) {
  const rights = useMemberDataRights(id);
  const download = useStaffDownloadDataExport();
  const data = rights.data;
  const closing = data?.closure && data.closure.status !== 'restored';
  return (
    <Card title="Data rights" aria-label="Data rights">
      {rights.isPending && <Loading label="Loading data rights…" />}
      {rights.isError && <Alert tone="error">{describeError(rights.error, 'Unable to load data rights.')}</Alert>}
      {data && (
        <>
          <h3>Copies of the member's data</h3>
          {data.exports.length === 0 && <p className={styles.lead}>No copies requested.</p>}
          <ul className={styles.history} aria-label="Data exports">
            {data.exports.map((row) => (
              <li key={row.id}>
                <span>
                  {momentIn(row.created_at, timeZone)} · {row.requested_by === 'staff' ? 'by staff' : 'by the member'} ·{' '}
                  {STATUS_LABEL[row.status]}
                  {row.status === 'running' || row.status === 'queued' ? ` (${row.progress}%)` : ''}
                </span>
                {row.status === 'ready' && (
                  <Button
                    variant="ghost"
                    busy={download.isPending}
                    busyLabel="Downloading…"
                    onClick={() => download.mutate({ id, exportId: row.id, filename: archiveName(row, timeZone) })}
                  >
                    Download ZIP
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {download.isError && <Alert tone="error">{describeError(download.error, 'Unable to download. Please try again.')}</Alert>}
          <StaffExportForm id={id} />
          <h3>Account closure</h3>
          {data.closure && <ClosureStatus id={id} closure={data.closure} timeZone={timeZone} />}
          {!closing && <StaffCloseForm id={id} />}
        </>
      )}
    </Card>
  );
}
