import { Link } from 'react-router';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { SessionList } from '@/features/staff-content/components/session-list';

export function Component() {
  return (
    <>
      <Hero title="Live sessions" subtitle="Schedules, meeting details and replays shown on the sessions page." />
      <Card actions={<Link className="btn btn-primary" to="/admin/sessions/new">New session</Link>}>
        <SessionList />
      </Card>
    </>
  );
}
