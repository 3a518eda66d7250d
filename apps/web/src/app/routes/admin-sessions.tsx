import { Link } from 'react-router';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { SessionList } from '@/features/staff-content/components/session-list';
import { paths } from '@/config/paths';

export function Component() {
  return (
    <>
      <Hero title="Live sessions" subtitle="Schedules, meeting details and replays shown on the sessions page." />
      <Card actions={<Link className="btn btn-primary" to={paths.staffSession('new')}>New session</Link>}>
        <SessionList />
      </Card>
    </>
  );
}
