import { redirect } from 'react-router';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { hasValidToken } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';
import { firstStaffPage } from '../staff-nav';
import { CreateMemberForm } from '@/features/staff/components/create-member-form';
import { MembersTable } from '@/features/staff/components/members-table';
import { Hero } from '@/components/hero';
import { paths } from '@/config/paths';

/** Mentors have no Members page: /admin opens the first page they may use instead. */
export async function loader() {
  // It runs beside the console's requireStaff: signed out, that one sends the visitor to sign in,
  // and asking for the profile here would only fail (401) and start a forced logout.
  if (!hasValidToken()) return null;
  const profile = await queryClient.ensureQueryData(profileQueryOptions());
  const first = firstStaffPage(profile);
  if (first && first !== paths.staff) throw redirect(first);
  return null;
}

export function Component() {
  return (
    <>
      <Hero title="Members" subtitle="Find a member, change their access, or add someone who bought through a partner." />
      <MembersTable />
      <CreateMemberForm />
    </>
  );
}
