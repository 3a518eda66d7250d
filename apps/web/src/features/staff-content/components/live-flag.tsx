import type { StaffSession } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { describeError } from '@/lib/api-client';
import { useSetLiveFlag } from '../api/sessions';

/** "Mark live now" wins over the schedule until staff clear it. */
export function LiveFlag({ session }: { session: StaffSession }) {
  const flag = useSetLiveFlag(session.id);
  return (
    <div>
      <p>
        {session.is_live ? <Badge tone="red">Live now</Badge> : <Badge>Not live</Badge>}{' '}
        {session.live_override ? 'Marked live by staff.' : 'Follows its schedule.'}
      </p>
      {session.live_override ? (
        <Button variant="secondary" busy={flag.isPending} busyLabel="Clearing…" onClick={() => flag.mutate(false)}>
          Clear live flag
        </Button>
      ) : (
        <Button busy={flag.isPending} busyLabel="Marking…" onClick={() => flag.mutate(true)}>
          Mark live now
        </Button>
      )}
      {flag.error && <Alert tone="error">{describeError(flag.error, 'Unable to change the live flag.')}</Alert>}
    </div>
  );
}
