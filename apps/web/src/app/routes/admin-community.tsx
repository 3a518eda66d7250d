import { memberTimeZone } from '@th/domain';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { useProfile } from '@/features/auth/api/get-profile';
import { ReportsQueue } from '@/features/community/components/reports-queue';
import { RestrictedMembers } from '@/features/community/components/restricted-members';

/** /admin/community: members' reports of posts, and the members muted or suspended in the community. */
export function Component() {
  const { data: profile } = useProfile();
  const zone = memberTimeZone(profile?.timezone);
  return (
    <>
      <Hero title="Community reports" subtitle="Posts members reported: hide, delete or dismiss, and mute or suspend their authors. Every action is recorded in the audit log." />
      <Card title="Reports">
        <ReportsQueue zone={zone} />
      </Card>
      <Card title="Muted and suspended members">
        <RestrictedMembers zone={zone} />
      </Card>
    </>
  );
}
