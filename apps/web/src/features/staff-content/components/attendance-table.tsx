import { DateTime } from 'luxon';
import { Link } from 'react-router';
import type { AttendanceVisit } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Loading } from '@/components/loading';
import { TableHead } from '@/components/table-head';
import { TableWrap } from '@/components/table-wrap';
import { describeError } from '@/lib/api-client';
import { useMemberAttendance, useSessionAttendance } from '../api/sessions';
import { paths } from '@/config/paths';

const when = (iso: string, zone: string) =>
  DateTime.fromISO(iso).setZone(zone).setLocale('en-US').toFormat('LLL d, yyyy · h:mm a ZZZZ');

type Props = {
  visits: AttendanceVisit[] | undefined;
  error: unknown;
  /** The staff member's own zone: times read as they live them. */
  zone: string;
  /** Per session the table names members; per member it names sessions. */
  by: 'session' | 'member';
};

function AttendanceTable({ visits, error, zone, by }: Props) {
  if (error) return <Alert tone="error">{describeError(error, 'Unable to load attendance.')}</Alert>;
  if (!visits) return <Loading label="Loading attendance…" />;
  if (visits.length === 0) {
    return <p className="muted">No attendance yet. Zoom reports members who join through the platform as they come and go.</p>;
  }
  const label = by === 'session' ? 'Attendance by member' : 'Sessions attended';
  return (
    <TableWrap label={label}>
      <table>
        <TableHead columns={[by === 'session' ? 'Member' : 'Session', 'Joined', 'Left', { label: 'Minutes', className: 'num' }]} />
        <tbody>
          {visits.map((visit) => (
            <tr key={`${visit.user_id}-${visit.session_id}-${visit.joined_at}`}>
              <td>
                {by === 'session' ? (
                  <Link to={paths.staffMember(visit.user_id)}>{visit.member_name}</Link>
                ) : (
                  <Link to={paths.staffSession(visit.session_id)}>{visit.session_title}</Link>
                )}
              </td>
              <td>{when(visit.joined_at, zone)}</td>
              <td>{visit.left_at ? when(visit.left_at, zone) : 'Still in the meeting'}</td>
              <td className="num">{visit.minutes ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

export function SessionAttendance({ sessionId, zone }: { sessionId: string; zone: string }) {
  const query = useSessionAttendance(sessionId);
  return <AttendanceTable visits={query.data} error={query.error} zone={zone} by="session" />;
}

export function MemberAttendance({ userId, zone }: { userId: string; zone: string }) {
  const query = useMemberAttendance(userId);
  return <AttendanceTable visits={query.data} error={query.error} zone={zone} by="member" />;
}
