import { useState } from 'react';
import { Link } from 'react-router';
import { NOTIFICATION_KIND_LABELS, type UndeliveredNotification } from '@th/contracts/notifications';
import { momentLabel } from '@th/domain';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Loading } from '@/components/loading';
import { TableWrap } from '@/components/table-wrap';
import { describeError } from '@/lib/api-client';
import { useUndelivered } from '../api/get-undelivered';
import { useRetryDelivery } from '../api/retry-delivery';
import styles from './undelivered-list.module.css';
import { paths } from '@/config/paths';

const CHANNEL = { email: 'E-mail', push: 'Push' } as const;
const STATUS = { failed: 'Failed', waiting: 'Waiting for retry' } as const;

/**
 * "2 of 6" while the worker's own tries last; a staff Retry now of a failed delivery is a try
 * beyond them, said as such rather than "7 of 6".
 */
export function attemptsLabel({ attempts, max_attempts }: Pick<UndeliveredNotification, 'attempts' | 'max_attempts'>) {
  const byStaff = attempts - max_attempts;
  return byStaff > 0 ? `${max_attempts} of ${max_attempts} + ${byStaff} by staff` : `${attempts} of ${max_attempts}`;
}

/** Staff: notification e-mails and pushes that failed or wait for their next try, each with Retry now. */
export function UndeliveredList({ zone }: { zone: string }) {
  const undelivered = useUndelivered();
  const retry = useRetryDelivery();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  if (undelivered.isPending) return <Loading label="Loading undelivered notifications…" />;
  if (undelivered.isError)
    return <Alert tone="error">{describeError(undelivered.error, (status) => `Failed to load undelivered notifications (${status ?? 'no answer'}).`)}</Alert>;
  const { data: rows, meta } = undelivered.data;
  const onRetry = (row: UndeliveredNotification) => {
    setOutcome(null);
    retry.mutate(row.id, {
      onSuccess: (answer) => setOutcome({ ok: true, message: answer.message }),
      onError: (error) => setOutcome({ ok: false, message: describeError(error, 'The delivery could not be retried.') }),
    });
  };
  return (
    <>
      <div aria-live="polite">{outcome && <Alert tone={outcome.ok ? 'success' : 'error'}>{outcome.message}</Alert>}</div>
      {rows.length === 0 ? (
        <p className="muted">Every notification e-mail and push has been delivered or is on its first try.</p>
      ) : (
        <>
          <p className="muted">
            {meta.total === meta.shown ? `${meta.total} undelivered` : `The newest ${meta.shown} of ${meta.total} undelivered`} · times in {zone}
          </p>
          <TableWrap label="Undelivered notifications">
            <table className={`data ${styles.table}`}>
              <thead>
                <tr>
                  <th scope="col">Member</th>
                  <th scope="col">Notification</th>
                  <th scope="col">Channel</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last error</th>
                  <th scope="col">Next try</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>
                      <Link to={paths.staffMember(row.member.id)}>{row.member.name}</Link>
                      <br />
                      <span className="muted">{row.member.email}</span>
                    </td>
                    <td>
                      {row.title}
                      <br />
                      <span className="muted">{NOTIFICATION_KIND_LABELS[row.kind]}</span>
                    </td>
                    <td>{CHANNEL[row.channel]}</td>
                    <td>{STATUS[row.status]}</td>
                    <td>{attemptsLabel(row)}</td>
                    <td className={styles.error}>{row.last_error ?? '—'}</td>
                    <td>{row.next_try_at ? momentLabel(row.next_try_at, { zone }) : 'No automatic try left'}</td>
                    <td>
                      <Button
                        variant="secondary"
                        aria-label={`Retry now: ${row.title} to ${row.member.email}`}
                        busy={retry.isPending && retry.variables === row.id}
                        busyLabel="Retrying…"
                        onClick={() => onRetry(row)}
                      >
                        Retry now
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        </>
      )}
    </>
  );
}
