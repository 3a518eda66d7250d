import { useParams } from 'react-router';
import { useProfile } from '@/features/auth/api/get-profile';
import { LiveSessionView } from '@/features/live-sessions/components/live-session-view';
import { memberTimeZone } from '@th/domain';

export function Component() {
  const { sessionId } = useParams();
  const profile = useProfile();
  return (
    <LiveSessionView sessionId={sessionId} memberZone={memberTimeZone(profile.data?.timezone)} />
  );
}
