import { redirect } from 'react-router';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { queryClient } from '@/lib/query-client';
import { firstStaffPage } from '../staff-nav';
import { CreateMemberForm } from '@/features/staff/components/create-member-form';
import { MembersTable } from '@/features/staff/components/members-table';
import { Hero } from '@/components/hero';

/** Mentors have no Members page: /admin opens the first page they may use instead. */
export async function loader() {
  const profile = await queryClient.ensureQueryData(profileQueryOptions());
  const first = firstStaffPage(profile);
  if (first && first !== '/admin') throw redirect(first);
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
