import { StaffPermissions, type Profile } from '@th/contracts';
import { hasPermission } from '@th/domain';

/** Staff pages; each shows only when the signed-in staff member holds its permission. */
export const STAFF_NAV = [
  { to: '/admin', label: 'Members', permission: StaffPermissions.members, end: true },
  { to: '/admin/courses', label: 'Courses', permission: StaffPermissions.content, end: false },
  { to: '/admin/sessions', label: 'Live sessions', permission: StaffPermissions.sessions, end: false },
  { to: '/admin/market-events', label: 'Market events', permission: StaffPermissions.events, end: false },
  { to: '/admin/community', label: 'Community reports', permission: StaffPermissions.community, end: false },
  { to: '/admin/notifications', label: 'Notification deliveries', permission: StaffPermissions.notifications, end: false },
  { to: '/admin/audit', label: 'Audit log', permission: StaffPermissions.audit, end: false },
];

/** Where a staff member lands on /admin: the first page their permissions open. */
export function firstStaffPage(profile: Profile | null | undefined): string | null {
  return STAFF_NAV.find((item) => hasPermission(profile, item.permission))?.to ?? null;
}
