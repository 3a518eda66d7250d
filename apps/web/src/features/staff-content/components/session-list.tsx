import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Loading } from '@/components/loading';
import { describeError } from '@/lib/api-client';
import { useStaffSessions } from '../api/sessions';
import { TableWrap } from '@/components/table-wrap';
import { TableHead } from '@/components/table-head';
import { paths } from '@/config/paths';

/** Every session, unpublished ones included, in the order members see them. */
export function SessionList() {
  const sessions = useStaffSessions();
  if (sessions.isPending) return <Loading label="Loading sessions…" />;
  if (sessions.isError) return <Alert tone="error">{describeError(sessions.error, (status) => (status === null ? 'Unable to load the sessions.' : `Failed to load sessions (${status})`))}</Alert>;
  if (sessions.data.length === 0) return <p className="muted">No sessions yet.</p>;
  return (
    <TableWrap label="Live sessions">
      <table className="data">
        <TableHead columns={['Session', 'Schedule', 'Replays', 'Status']} />
        <tbody>
          {sessions.data.map((session) => (
            <tr key={session.id}>
              <td>
                <Link to={paths.staffSession(session.id)}>{session.title}</Link>
              </td>
              <td>{session.schedule_text ?? (session.type === 'recap' ? 'Recap collection' : '—')}</td>
              <td>{session.replays.length}</td>
              <td>
                {session.is_live && <Badge tone="red">Live now</Badge>}{' '}
                <Badge tone={session.published ? 'green' : 'gray'}>{session.published ? 'Published' : 'Hidden'}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
