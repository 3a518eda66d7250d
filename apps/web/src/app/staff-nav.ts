import { StaffPermissions, type Profile } from '@th/contracts';
import { hasPermission } from '@th/domain';
import { paths } from '@/config/paths';

/** Staff pages; each shows only when the signed-in staff member holds its permission. */
export const STAFF_NAV = [
  { to: paths.staff, label: 'Members', permission: StaffPermissions.members, end: true },
  { to: paths.staffCourses, label: 'Courses', permission: StaffPermissions.content, end: false },
  { to: paths.staffSessions, label: 'Live sessions', permission: StaffPermissions.sessions, end: false },
  { to: paths.staffMarketEvents, label: 'Market events', permission: StaffPermissions.events, end: false },
  { to: paths.staffCommunity, label: 'Community reports', permission: StaffPermissions.community, end: false },
  { to: paths.staffNotifications, label: 'Notification deliveries', permission: StaffPermissions.notifications, end: false },
  { to: paths.staffAudit, label: 'Audit log', permission: StaffPermissions.audit, end: false },
];

/** Where a staff member lands on /admin: the first page their permissions open. */
export function firstStaffPage(profile: Profile | null | undefined): string | null {
  return STAFF_NAV.find((item) => hasPermission(profile, item.permission))?.to ?? null;
}
