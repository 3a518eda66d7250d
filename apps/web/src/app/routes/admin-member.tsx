import { useParams } from 'react-router';
import { hasPermission, memberTimeZone } from '@th/domain';
import { StaffPermissions } from '@th/contracts';
import { useProfile } from '@/features/auth/api/get-profile';
import { MemberDataRights } from '@/features/data-rights/components/member-data-rights';
import { MemberDetail } from '@/features/staff/components/member-detail';

export function Component() {
  const { id = '' } = useParams();
  const { data: profile } = useProfile();
  return (
    <>
      <MemberDetail id={id} canManageRoles={hasPermission(profile, StaffPermissions.roles)} />
      <MemberDataRights id={id} timeZone={memberTimeZone(profile?.timezone)} />
    </>
  );
}
