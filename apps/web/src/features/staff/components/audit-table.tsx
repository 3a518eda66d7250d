import { useState } from 'react';
import { momentLabel } from '@th/domain';
import { Alert } from '@/components/alert';
import { Pager } from '@/components/pager';
import { Loading } from '@/components/loading';
import { useAudit } from '../api/audit';
import { TableWrap } from '@/components/table-wrap';
import styles from './staff.module.css';
import { TableHead } from '@/components/table-head';

/** Keys whose values differ between before and after: what a reader wants to see first. */
function changedKeys(before: unknown, after: unknown): string[] {
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return [];
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return Object.keys(b).filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

export function AuditTable({ subjectId }: { subjectId?: string }) {
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useAudit(page, subjectId);
  if (isPending) return <Loading label="Loading history…" />;
  if (error || !data) return <Alert tone="error">Unable to load the audit log.</Alert>;
  if (data.data.length === 0) return <p className="muted">No staff changes recorded yet.</p>;
  return (
    <>
      <TableWrap label="Audit log">
        <table className="data">
          <TableHead columns={['When', 'Who', 'What', 'Subject', 'Changes']} />
          <tbody>
            {data.data.map((entry) => {
              const keys = changedKeys(entry.before, entry.after);
              return (
                <tr key={entry.id}>
                  <td>{momentLabel(entry.created_at, { seconds: true })}</td>
                  <td>{entry.actor_email}</td>
                  <td>{entry.action}</td>
                  <td>
                    {entry.subject_label ?? `${entry.subject_type} ${entry.subject_id.slice(0, 8)}`}
                  </td>
                  <td className={styles.changes}>
                    {keys.length === 0
                      ? '—'
                      : keys.map((key) => (
                          <div key={key}>
                            <strong>{key}</strong>: {JSON.stringify((entry.before as Record<string, unknown>)[key])} →{' '}
                            {JSON.stringify((entry.after as Record<string, unknown>)[key])}
                          </div>
                        ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
      <Pager label="Audit pages" page={data.meta.page} totalPages={data.meta.total_pages} onPage={setPage} />
    </>
  );
}
