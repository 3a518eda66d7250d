import { useParams } from 'react-router';
import { hasPermission, memberTimeZone } from '@th/domain';
import { StaffPermissions } from '@th/contracts';
import { useProfile } from '@/features/auth/api/get-profile';
import { MemberDataRights } from '@/features/data-rights/components/member-data-rights';
import { Card } from '@/components/card';
import { MemberDetail } from '@/features/staff/components/member-detail';
import { MemberAttendance } from '@/features/staff-content/components/attendance-table';

export function Component() {
  const { id = '' } = useParams();
  const { data: profile } = useProfile();
  return (
    <>
      <MemberDetail id={id} canManageRoles={hasPermission(profile, StaffPermissions.roles)} />
      <MemberDataRights id={id} timeZone={memberTimeZone(profile?.timezone)} />
      {hasPermission(profile, StaffPermissions.sessions) && (
        <Card title="Live session attendance">
          <MemberAttendance userId={id} zone={memberTimeZone(profile?.timezone)} />
        </Card>
      )}
    </>
  );
}
