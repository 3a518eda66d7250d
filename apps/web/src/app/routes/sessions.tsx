import { Hero } from '@/components/hero';
import { useProfile } from '@/features/auth/api/get-profile';
import { CalendarLinkPanel } from '@/features/live-sessions/components/calendar-link-panel';
import { ReplayLibrary } from '@/features/live-sessions/components/replay-library';
import { SessionsBoard } from '@/features/live-sessions/components/sessions-board';
import { memberTimeZone } from '@th/domain';

export function Component() {
  const profile = useProfile();
  return (
    <>
      <Hero
        title="Live Sessions"
        subtitle="Trade the open with the desk every weekday, then catch up on every recap."
      />
      <CalendarLinkPanel />
      <SessionsBoard memberZone={memberTimeZone(profile.data?.timezone)} />
      <ReplayLibrary memberZone={memberTimeZone(profile.data?.timezone)} />
    </>
  );
}
