import { useParams } from 'react-router';
import { hasPermission } from '@th/domain';
import { StaffPermissions } from '@th/contracts';
import { useProfile } from '@/features/auth/api/get-profile';
import { MemberDetail } from '@/features/staff/components/member-detail';

export function Component() {
  const { id = '' } = useParams();
  const { data: profile } = useProfile();
  return <MemberDetail id={id} canManageRoles={hasPermission(profile, StaffPermissions.roles)} />;
}
