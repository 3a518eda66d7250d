import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/alert';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { useStaffSession } from '@/features/staff-content/api/sessions';
import { memberTimeZone } from '@th/domain';
import { useProfile } from '@/features/auth/api/get-profile';
import { SessionAttendance } from '@/features/staff-content/components/attendance-table';
import { LiveFlag } from '@/features/staff-content/components/live-flag';
import { ReplayList } from '@/features/staff-content/components/replay-list';
import { SessionForm } from '@/features/staff-content/components/session-form';
import { describeError } from '@/lib/api-client';
import { paths } from '@/config/paths';

export function Component() {
  const { sessionId = 'new' } = useParams();
  const navigate = useNavigate();
  const isNew = sessionId === 'new';
  const session = useStaffSession(sessionId, !isNew);
  const { data: profile } = useProfile();
  if (isNew) {
    return (
      <>
        <Link to={paths.staffSessions}>← All sessions</Link>
        <Hero title="New session" />
        <Card>
          <SessionForm onSaved={(created) => void navigate(paths.staffSession(created.id), { replace: true })} />
        </Card>
      </>
    );
  }
  if (session.isPending) return <Loading label="Loading session…" />;
  if (session.isError) {
    return <Alert tone="error">{describeError(session.error, (status) => (status === 404 ? 'Live session not found.' : (status === null ? 'Unable to load the session.' : `Failed to load session (${status})`)))}</Alert>;
  }
  return (
    <>
      <Link to={paths.staffSessions}>← All sessions</Link>
      <Hero title={session.data.title} subtitle={session.data.schedule_text ?? undefined} />
      {session.data.type === 'live' && (
        <Card title="Live now">
          <LiveFlag session={session.data} />
        </Card>
      )}
      <Card title="Session details">
        <SessionForm key={session.data.id} session={session.data} />
      </Card>
      <Card title="Replays">
        <ReplayList session={session.data} />
      </Card>
      {session.data.type === 'live' && (
        <Card title="Attendance">
          <SessionAttendance sessionId={session.data.id} zone={memberTimeZone(profile?.timezone)} />
        </Card>
      )}
    </>
  );
}
